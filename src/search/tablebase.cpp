#include "vireo/search/tablebase.h"

#include <tbprobe.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/util/platform.h"

namespace vireo::tablebase {

namespace {

// The largest table loaded, 0 for none: the gate every probe passes, so that no probe reaches
// Fathom while its tables are being replaced or after a load that failed.
int loaded_pieces = 0;

namespace fs = std::filesystem;

// What SyzygyPath shows in an error: a path list of thousands of separators is cut short.
std::string shown(const std::string& paths) { return paths.size() <= 80 ? paths : paths.substr(0, 77) + "..."; }

// The folders of a list (PATH_LIST_SEPARATOR between them, as Fathom reads it), each once: Fathom looks for every table
// it knows in every folder given, so a folder listed a thousand times would cost a thousand searches.
std::optional<std::string> split_folders(const std::string& paths, std::vector<std::string>& folders) {
  std::vector<fs::path> seen;
  std::string_view rest = paths;
  while (!rest.empty()) {
    const std::size_t sep = rest.find(PATH_LIST_SEPARATOR);
    const std::string folder(rest.substr(0, sep));
    rest = sep == std::string_view::npos ? std::string_view() : rest.substr(sep + 1);
    if (folder.empty()) continue;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return fmt::format("SyzygyPath: '{}' is not a folder", folder);
    const fs::path canonical = fs::canonical(folder, ec);
    if (ec) return fmt::format("SyzygyPath: cannot read '{}': {}", folder, ec.message());
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
    seen.push_back(canonical);
    folders.push_back(folder);
  }
  if (folders.empty()) return fmt::format("SyzygyPath: '{}' names no folder", shown(paths));
  return std::nullopt;
}

// Whether a file's name (without its extension) is a table's, like KQvKR.
bool table_name(const std::string& name) {
  const std::size_t v = name.find('v');
  if (v == std::string::npos || name[0] != 'K' || name[v + 1] != 'K') return false;
  for (std::size_t i = 1; i < name.size(); ++i)
    if (i != v && i != v + 1 && std::string_view("QRBNP").find(name[i]) == std::string_view::npos) return false;
  return true;
}

// Whether a file is a whole table: Fathom skips a file whose size is not 16 more than a
// multiple of 64, and a file without the format's magic number fails at its first probe.
bool whole_table(const fs::path& file, bool dtz) {
  static constexpr unsigned char WDL_MAGIC[] = {0x71, 0xe8, 0x23, 0x5d}, DTZ_MAGIC[] = {0xd7, 0x66, 0x0c, 0xa5};
  std::error_code ec;
  const std::uintmax_t bytes = fs::file_size(file, ec);
  if (ec || bytes % 64 != 16) return false;
  char magic[4] = {};
  std::ifstream(file, std::ios::binary).read(magic, 4);
  return std::memcmp(magic, dtz ? DTZ_MAGIC : WDL_MAGIC, 4) == 0;
}

// The tables Fathom will load from `folders`: each name once, from the first folder that has
// it (as Fathom takes it), and only whole tables. Fathom itself says only how large the
// largest table is.
std::optional<std::string> count_tables(const std::vector<std::string>& folders, LoadReport& report) {
  std::map<std::string, bool> first_found;  // file name: whether that file is a whole table
  for (const std::string& folder : folders) {
    std::error_code ec;
    fs::directory_iterator it(folder, ec);
    if (ec) return fmt::format("SyzygyPath: cannot read '{}': {}", folder, ec.message());
    for (const fs::directory_entry& e : it) {
      const std::string ext = e.path().extension().string();
      if ((ext != ".rtbw" && ext != ".rtbz") || !table_name(e.path().stem().string())) continue;
      first_found.try_emplace(e.path().filename().string(), whole_table(e.path(), ext == ".rtbz"));
    }
  }
  for (const auto& [file, whole] : first_found) {
    if (!whole) continue;
    (fs::path(file).extension() == ".rtbw" ? report.wdl_files : report.dtz_files)++;
  }
  return std::nullopt;
}

// Fathom's tb_init with `folders` joined as its path, none to unload: the largest table it
// loaded.
int init_fathom(const std::vector<std::string>& folders) {
  std::string joined;
  for (const std::string& folder : folders)
    joined += (joined.empty() ? "" : std::string(1, PATH_LIST_SEPARATOR)) + folder;
  return tb_init(joined.c_str()) && !folders.empty() ? int(TB_LARGEST) : 0;
}

Wdl to_wdl(unsigned fathom_wdl) { return Wdl(fathom_wdl - TB_LOSS); }

bool probeable(const Position& pos) { return !pos.castling_rights() && popcount(pos.pieces()) <= max_pieces(); }

// Fathom's en-passant argument: the square, or 0 for none.
unsigned ep_of(const Position& pos) { return pos.ep_square() == NO_SQUARE ? 0 : unsigned(pos.ep_square()); }

}  // namespace

std::optional<std::string> load(const std::string& paths, LoadReport* report) {
  LoadReport found;
  if (paths.empty() || paths == "<empty>") {
    loaded_pieces = init_fathom({});
    if (report) *report = found;
    return std::nullopt;
  }
  std::vector<std::string> folders;
  if (auto err = split_folders(paths, folders)) return err;
  if (auto err = count_tables(folders, found)) return err;
  if (found.wdl_files == 0) return fmt::format("SyzygyPath: no usable Syzygy tables (.rtbw) in '{}'", shown(paths));
  // The tables loaded before are gone from here on: a failure leaves none.
  found.max_pieces = loaded_pieces = init_fathom(folders);
  if (loaded_pieces == 0) return fmt::format("SyzygyPath: Fathom loaded no table from '{}'", shown(paths));
  if (report) *report = found;
  return std::nullopt;
}

int max_pieces() { return loaded_pieces; }

std::optional<Wdl> probe_wdl(const Position& pos) {
  if (pos.rule50() != 0 || !probeable(pos)) return std::nullopt;
  const unsigned r = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                  pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                                  ep_of(pos), pos.side_to_move() == WHITE);
  if (r == TB_RESULT_FAILED) return std::nullopt;
  return to_wdl(r);
}

std::vector<RootMove> probe_root(const Position& pos) {
  if (!probeable(pos)) return {};
  // Fathom's root probe is not thread-safe; every search thread ranks its root at the start.
  static std::mutex root_mutex;
  std::lock_guard lock(root_mutex);
  unsigned results[TB_MAX_MOVES];
  const unsigned r = tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                   pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                                   unsigned(pos.rule50()), 0, ep_of(pos), pos.side_to_move() == WHITE, results);
  // Mate and stalemate leave nothing to rank; a failed probe, nothing known.
  if (r == TB_RESULT_FAILED || r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) return {};
  static constexpr PieceType PROMOTED[] = {NO_PIECE_TYPE, QUEEN, ROOK, BISHOP, KNIGHT};
  const MoveList legal = legal_moves(pos);
  std::vector<RootMove> out;
  for (const unsigned* res = results; *res != TB_RESULT_FAILED; ++res) {
    const Square from = Square(TB_GET_FROM(*res)), to = Square(TB_GET_TO(*res));
    const PieceType promo = PROMOTED[TB_GET_PROMOTES(*res)];
    for (const ExtMove& e : legal) {
      const Move m = e.move;
      if (m.from() == from && m.to() == to &&
          (m.kind() == Move::PROMOTION ? m.promotion() == promo : promo == NO_PIECE_TYPE))
        out.push_back({m, to_wdl(TB_GET_WDL(*res)), int(TB_GET_DTZ(*res))});
    }
  }
  // Fathom generates the moves itself: if one of ours was not among them, trust none.
  if (out.size() != legal.size()) return {};
  return out;
}

std::vector<RootMove> best_root_moves(const std::vector<RootMove>& moves, bool rule50) {
  // Higher is better: the result first, then how soon a win, or how late a loss, progresses.
  const auto key = [rule50](const RootMove& m) {
    Wdl w = m.wdl;
    if (!rule50) w = w == Wdl::CURSED_WIN ? Wdl::WIN : w == Wdl::BLESSED_LOSS ? Wdl::LOSS : w;
    const int tie = w > Wdl::DRAW ? -m.dtz : w < Wdl::DRAW ? m.dtz : 0;
    return int(w) * 100000 + tie;
  };
  int best = std::numeric_limits<int>::min();
  for (const RootMove& m : moves) best = std::max(best, key(m));
  std::vector<RootMove> out;
  for (const RootMove& m : moves)
    if (key(m) == best) out.push_back(m);
  return out;
}

}  // namespace vireo::tablebase
