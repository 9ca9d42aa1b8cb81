#include "vireo/board/pgn.h"

#include <fmt/format.h>
#include <cctype>

#include "vireo/board/movegen.h"

namespace vireo {

namespace {

constexpr std::string_view PIECE_LETTERS = "PNBRQK";

std::optional<GameResult> result_token(std::string_view t) {
  if (t == "1-0") return GameResult::WhiteWins;
  if (t == "0-1") return GameResult::BlackWins;
  if (t == "1/2-1/2") return GameResult::Draw;
  if (t == "*") return GameResult::Unknown;
  return std::nullopt;
}

}  // namespace

Move parse_san(const Position& pos, std::string_view san) {
  while (!san.empty() && std::string_view("+#!?").find(san.back()) != std::string_view::npos) san.remove_suffix(1);
  if (san.empty()) return Move::none();

  const MoveList legal = legal_moves(pos);
  if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") {
    const bool king_side = san.size() == 3;
    for (const auto& e : legal)
      if (e.move.kind() == Move::CASTLING && is_king_side(e.move) == king_side) return e.move;
    return Move::none();
  }

  PieceType promotion = NO_PIECE_TYPE;
  if (san.size() >= 2) {
    const auto p = PIECE_LETTERS.find(char(std::toupper((unsigned char)san.back())));
    const bool after_rank = std::isdigit((unsigned char)san[san.size() - 2]) || san[san.size() - 2] == '=';
    if (p != std::string_view::npos && p >= 1 && p <= 4 && after_rank && !std::islower((unsigned char)san.back())) {
      promotion = PieceType(p);
      san.remove_suffix(1);
      if (!san.empty() && san.back() == '=') san.remove_suffix(1);
    }
  }
  PieceType piece = PAWN;
  if (!san.empty() && std::isupper((unsigned char)san[0])) {
    const auto p = PIECE_LETTERS.find(san[0]);
    if (p == std::string_view::npos || p == 0) return Move::none();
    piece = PieceType(p);
    san.remove_prefix(1);
  }
  if (san.size() < 2) return Move::none();
  const char tf = san[san.size() - 2], tr = san[san.size() - 1];
  if (tf < 'a' || tf > 'h' || tr < '1' || tr > '8') return Move::none();
  const Square to = make_square(tf - 'a', tr - '1');
  san.remove_suffix(2);
  int from_file = -1, from_rank = -1;
  for (char c : san) {
    if (c >= 'a' && c <= 'h')
      from_file = c - 'a';
    else if (c >= '1' && c <= '8')
      from_rank = c - '1';
    else if (c != 'x' && c != ':' && c != '-')
      return Move::none();
  }

  Move found;
  for (const auto& e : legal) {
    const Move m = e.move;
    if (m.to() != to || type_of(pos.moved_piece(m)) != piece || m.kind() == Move::CASTLING) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if ((m.kind() == Move::PROMOTION) != (promotion != NO_PIECE_TYPE)) continue;
    if (m.kind() == Move::PROMOTION && m.promotion() != promotion) continue;
    if (found) return Move::none();  // ambiguous
    found = m;
  }
  return found;
}

std::string to_san(const Position& pos, Move m) {
  if (m.kind() == Move::CASTLING) return is_king_side(m) ? "O-O" : "O-O-O";
  const PieceType pt = type_of(pos.moved_piece(m));
  std::string s;
  if (pt != PAWN) {
    s += PIECE_LETTERS[pt];
    bool same_file = false, same_rank = false, other = false;
    for (const auto& e : legal_moves(pos)) {
      if (e.move == m || e.move.to() != m.to() || type_of(pos.moved_piece(e.move)) != pt) continue;
      other = true;
      same_file |= file_of(e.move.from()) == file_of(m.from());
      same_rank |= rank_of(e.move.from()) == rank_of(m.from());
    }
    if (other && (!same_file || same_rank)) s += char('a' + file_of(m.from()));
    if (other && same_file) s += char('1' + rank_of(m.from()));
  }
  if (pos.is_capture(m)) {
    if (pt == PAWN) s += char('a' + file_of(m.from()));
    s += 'x';
  }
  s += square_to_string(m.to());
  if (m.kind() == Move::PROMOTION) s += std::string("=") + PIECE_LETTERS[m.promotion()];
  Position after = pos;
  after.make_move(m);
  if (after.in_check()) s += legal_moves(after).empty() ? '#' : '+';
  return s;
}

void PgnReader::skip_until(char end) {
  for (int c = get(); c != EOF && c != end; c = get()) {
  }
}

void PgnReader::skip_variation() {
  int depth = 1;
  for (int c = get(); c != EOF && depth > 0; c = get()) {
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if (c == '{')
      skip_until('}');
    else if (c == ';')
      skip_until('\n');
  }
}

std::string PgnReader::read_tag_value() {
  std::string v;
  for (int c = get(); c != EOF && c != '"' && c != '\n'; c = get()) {
    if (c == '\\') c = get();
    if (c != EOF) v += char(c);
  }
  return v;
}

// Reads `Name "value"]` after the opening bracket; false if the tag is malformed.
bool PgnReader::read_tag(PgnGame& game) {
  std::string name;
  while (std::isalnum(peek()) || peek() == '_') name += char(get());
  while (peek() == ' ' || peek() == '\t') get();
  if (name.empty() || get() != '"') {
    skip_until('\n');
    return false;
  }
  std::string value = read_tag_value();
  skip_until(']');
  game.tags[name] = value;
  return true;
}

std::string PgnReader::read_token(int first) {
  std::string t(1, char(first));
  while (peek() != EOF && !std::isspace(peek()) &&
         std::string_view("{}();[").find(char(peek())) == std::string_view::npos)
    t += char(get());
  return t;
}

std::optional<PgnReader::Item> PgnReader::next() {
  Item item;
  Position pos;
  bool started = false, in_moves = false;
  int ply = 0;
  for (int c = get(); c != EOF; c = get()) {
    if (std::isspace(c)) continue;
    if (c == '[') {
      if (in_moves) {  // a new game began without a result token: this one ends here
        in_.putback(char(c));
        break;
      }
      started = true;
      if (!read_tag(item.game) && !item.error) item.error = fmt::format("game {}: malformed tag", games_ + 1);
      continue;
    }
    if (c == '{') {
      skip_until('}');
      continue;
    }
    if (c == ';' || c == '%') {
      skip_until('\n');
      continue;
    }
    if (c == '(') {
      skip_variation();
      continue;
    }
    started = true;
    if (!in_moves) {
      in_moves = true;
      if (auto fen = item.game.tags.find("FEN"); fen != item.game.tags.end()) {
        item.game.start_fen = fen->second;
        if (auto err = pos.set_fen(fen->second)) item.error = fmt::format("game {}: bad FEN tag: {}", games_ + 1, *err);
      }
    }
    std::string token = read_token(c);
    if (auto r = result_token(token)) {
      item.game.result = *r;
      break;
    }
    if (token[0] == '$') continue;  // NAG
    // Move numbers: "12." and "12..." alone or glued to the move ("12.e4").
    std::size_t skip = 0;
    while (skip < token.size() && std::isdigit((unsigned char)token[skip])) ++skip;
    if (skip < token.size() && token[skip] == '.') {
      while (skip < token.size() && token[skip] == '.') ++skip;
      token.erase(0, skip);
    }
    if (token.empty() || item.error) continue;
    const Move m = parse_san(pos, token);
    if (!m) {
      item.error = fmt::format("game {}, move {}{} '{}': not a legal move", games_ + 1, ply / 2 + 1,
                               ply % 2 ? "..." : ".", token);
      continue;
    }
    item.game.moves.push_back(m);
    pos.make_move(m);
    ++ply;
  }
  if (!started) return std::nullopt;
  ++games_;
  if (auto r = item.game.tags.find("Result"); r != item.game.tags.end() && item.game.result == GameResult::Unknown)
    if (auto res = result_token(r->second)) item.game.result = *res;
  return item;
}

}  // namespace vireo
