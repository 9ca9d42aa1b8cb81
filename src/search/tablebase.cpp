#include "vireo/search/tablebase.h"

#include <tbprobe.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <mutex>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "vireo/board/movegen.h"

namespace vireo::tablebase {

namespace {

// The largest table loaded. Fathom's own TB_LARGEST is not reset when tables are unloaded (in
// Debian's 2019 Fathom), and a probe then would reach for freed paths: this one is the gate.
int loaded_pieces = 0;

std::vector<std::string> split_paths(const std::string& paths) {
  std::vector<std::string> out;
  std::string_view rest = paths;
  while (!rest.empty()) {
    const std::size_t sep = rest.find(':');
    const std::string_view part = rest.substr(0, sep);
    if (!part.empty()) out.emplace_back(part);
    if (sep == std::string_view::npos) break;
    rest.remove_prefix(sep + 1);
  }
  return out;
}

// Fathom says only how large the largest table is; the files are counted here.
std::optional<std::string> count_files(const std::string& folder, LoadReport& report) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return fmt::format("SyzygyPath: '{}' is not a folder", folder);
  fs::directory_iterator it(folder, ec);
  if (ec) return fmt::format("SyzygyPath: cannot read '{}': {}", folder, ec.message());
  for (const fs::directory_entry& e : it) {
    const std::string ext = e.path().extension().string();
    report.wdl_files += ext == ".rtbw";
    report.dtz_files += ext == ".rtbz";
  }
  return std::nullopt;
}

Wdl to_wdl(unsigned fathom_wdl) { return Wdl(fathom_wdl - TB_LOSS); }

bool probeable(const Position& pos) {
  return !pos.castling_rights() && popcount(pos.pieces()) <= max_pieces();
}

// Fathom's en-passant argument: the square, or 0 for none.
unsigned ep_of(const Position& pos) { return pos.ep_square() == NO_SQUARE ? 0 : unsigned(pos.ep_square()); }

}  // namespace

std::optional<std::string> load(const std::string& paths, LoadReport* report) {
  LoadReport found;
  const std::vector<std::string> folders = paths == "<empty>" ? std::vector<std::string>{} : split_paths(paths);
  for (const std::string& folder : folders)
    if (auto err = count_files(folder, found)) return err;
  if (!folders.empty() && found.wdl_files == 0) return fmt::format("SyzygyPath: no Syzygy tables (.rtbw) in '{}'", paths);
  std::string joined;
  for (const std::string& folder : folders) joined += (joined.empty() ? "" : ":") + folder;
  // Debian's Fathom (2019) writes "munmap: ..." to stderr for every table it unloads here, on
  // success (an inverted check upstream); stdout, and so UCI, is untouched.
  if (!tb_init(joined.c_str())) return fmt::format("SyzygyPath: Fathom could not load '{}'", paths);
  found.max_pieces = folders.empty() ? 0 : int(TB_LARGEST);
  loaded_pieces = found.max_pieces;
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
      if (m.from() == from && m.to() == to && (m.kind() == Move::PROMOTION ? m.promotion() == promo : promo == NO_PIECE_TYPE))
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
