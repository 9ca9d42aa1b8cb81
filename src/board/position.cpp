#include "vireo/board/position.h"

#include <fmt/format.h>
#include <cctype>
#include <charconv>

#include "vireo/board/cuckoo.h"
#include "vireo/board/movegen.h"
#include "vireo/board/zobrist.h"

namespace vireo {

namespace {

constexpr std::string_view PIECE_CHARS = "PNBRQKpnbrqk";
// FEN counters beyond these are refused as malformed: no real game comes near them.
constexpr int MAX_FEN_HALFMOVE = 10000;
constexpr int MAX_FEN_FULLMOVE = 100000;

std::optional<int> parse_int(std::string_view s) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace

Position::Position(Empty) {
  attacks::init();
  clear();
}

Position::Position() : Position(Empty{}) {
  auto err = set_fen(START_FEN);
  (void)err;  // the start position is valid
}

void Position::clear() {
  for (auto& p : board_) p = NO_PIECE;
  for (auto& b : by_type_) b = 0;
  for (auto& b : by_color_) b = 0;
  side_ = WHITE;
  game_ply_ = 0;
  states_.clear();
  states_.reserve(1024);
  states_.emplace_back();
  castling_ = {};
  castling_mask_.fill(ALL_CASTLING);
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard fromto = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= fromto;
  by_color_[color_of(p)] ^= fromto;
  board_[from] = NO_PIECE;
  board_[to] = p;
}

std::optional<std::string> Position::set_fen(std::string_view fen) {
  auto fields = split_fields(fen);
  if (fields.size() < 4 || fields.size() > 6) return fmt::format("FEN needs 4 to 6 fields, got {}", fields.size());

  Position p{Empty{}};
  // Placement, rank 8 first.
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8) return fmt::format("FEN rank {} has {} squares, not 8", rank + 1, file);
      if (--rank < 0) return std::string("FEN has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fmt::format("FEN rank {} has more than 8 squares", rank + 1);
    } else if (auto idx = PIECE_CHARS.find(c); idx != std::string_view::npos) {
      if (file >= 8) return fmt::format("FEN rank {} has more than 8 squares", rank + 1);
      p.put_piece(Piece(idx), make_square(file++, rank));
    } else {
      return fmt::format("FEN placement has an invalid character '{}'", c);
    }
  }
  if (rank != 0 || file != 8) return std::string("FEN placement must have 8 ranks of 8 squares");

  if (fields[1] == "w")
    p.side_ = WHITE;
  else if (fields[1] == "b")
    p.side_ = BLACK;
  else
    return fmt::format("FEN side to move must be 'w' or 'b', got '{}'", fields[1]);

  StateInfo& st = p.states_.back();
  if (fields[3] != "-") {
    if (fields[3].size() != 2 || fields[3][0] < 'a' || fields[3][0] > 'h' ||
        (fields[3][1] != '3' && fields[3][1] != '6'))
      return fmt::format("FEN en-passant square '{}' is invalid", fields[3]);
    Square ep = make_square(fields[3][0] - 'a', fields[3][1] - '1');
    if (relative_rank(p.side_, ep) != 5)
      return fmt::format("FEN en-passant square '{}' is on the wrong rank for the side to move", fields[3]);
    Color them = ~p.side_;
    Square pushed = Square(ep + pawn_push(them));
    if (p.piece_on(pushed) != make_piece(them, PAWN) || !p.empty(ep) || !p.empty(Square(ep - pawn_push(them))))
      return fmt::format("FEN en-passant square '{}' has no pawn that just moved two squares", fields[3]);
    if (p.ep_capturable(ep)) st.ep_square = ep;
  }

  int fullmove = 1;
  if (fields.size() >= 5) {
    auto hm = parse_int(fields[4]);
    if (!hm || *hm < 0 || *hm > MAX_FEN_HALFMOVE) return fmt::format("FEN halfmove clock '{}' is invalid", fields[4]);
    st.rule50 = *hm;
  }
  if (fields.size() == 6) {
    auto fm = parse_int(fields[5]);
    if (!fm || *fm < 0 || *fm > MAX_FEN_FULLMOVE) return fmt::format("FEN fullmove number '{}' is invalid", fields[5]);
    fullmove = std::max(*fm, 1);
  }
  p.game_ply_ = 2 * (fullmove - 1) + (p.side_ == BLACK);

  if (auto err = p.validate()) return err;
  if (auto err = p.set_castling(fields[2])) return err;
  p.update_check_info();
  if (popcount(p.checkers()) > 2) return std::string("FEN side to move is checked by more than two pieces");
  const StateInfo keys = p.compute_piece_keys();
  st.pawn_key = keys.pawn_key;
  st.non_pawn_key = keys.non_pawn_key;
  st.key = p.compute_key();
  *this = std::move(p);
  return std::nullopt;
}

std::optional<std::string> Position::validate() const {
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    if (popcount(pieces(c, KING)) != 1) return fmt::format("FEN must have exactly one {} king", name);
    if (popcount(pieces(c, PAWN)) > 8) return fmt::format("FEN has more than 8 {} pawns", name);
    if (popcount(pieces(c)) > 16) return fmt::format("FEN has more than 16 {} pieces", name);
  }
  if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return std::string("FEN has a pawn on the first or last rank");

  Color them = ~side_;
  if (attacked_by(side_, king_square(them), pieces())) return std::string("FEN side not to move is in check");
  return std::nullopt;
}

// Needs the kings validated: each letter is checked against its king's square.
std::optional<std::string> Position::set_castling(std::string_view field) {
  if (field == "-") return std::nullopt;
  for (char c : field)
    if (auto err = add_castling_right(c, field)) return err;
  return std::nullopt;
}

// One letter of the castling field: K or Q (k or q) for the outermost rook on that side of the
// king, or the rook's file; upper case for white. The rook's side of the king makes the right.
std::optional<std::string> Position::add_castling_right(char c, std::string_view field) {
  const Color us = std::isupper((unsigned char)c) ? WHITE : BLACK;
  const char letter = char(std::tolower((unsigned char)c));
  const char* name = us == WHITE ? "white" : "black";
  auto error = [&](const std::string& why) { return fmt::format("FEN castling field '{}': {}", field, why); };
  const Square king = king_square(us);
  if (relative_rank(us, king) != 0) return error(fmt::format("the {} king is not on its first rank", name));
  Square rook = NO_SQUARE;
  if (letter == 'k' || letter == 'q') {
    rook = outermost_rook(us, letter == 'k');
    if (rook == NO_SQUARE)
      return error(
          fmt::format("'{}' needs a {} rook on the {} side of its king", c, name, letter == 'k' ? "king" : "queen"));
  } else if (letter >= 'a' && letter <= 'h') {
    rook = make_square(letter - 'a', rank_of(king));
    if (board_[rook] != make_piece(us, ROOK))
      return error(fmt::format("'{}' needs a {} rook on {}", c, name, square_to_string(rook)));
  } else {
    return error(fmt::format("'{}' is not a castling letter", c));
  }

  const bool king_side = file_of(rook) > file_of(king);
  const int right = castling_right(us, king_side);
  StateInfo& st = states_.back();
  if (st.castling & right) return error(fmt::format("two {} {} side rights", name, king_side ? "king" : "queen"));
  st.castling |= right;
  castling_mask_[king] &= ~castling_rights_of(us);
  castling_mask_[rook] &= ~right;
  // between() includes its second square, so these are the squares each piece crosses or lands on.
  const Bitboard king_path = attacks::between(king, castling_king_to(us, king_side));
  const Bitboard rook_path = attacks::between(rook, castling_rook_to(us, king_side));
  const Bitboard own = square_bb(king) | square_bb(rook);
  castling_[std::countr_zero(unsigned(right))] = {rook, (king_path | rook_path) & ~own, king_path};
  return std::nullopt;
}

// The rook X-FEN's K or Q means: the one nearest the corner on that side of the king, on its rank.
Square Position::outermost_rook(Color c, bool king_side) const {
  const Square king = king_square(c);
  const Bitboard side = king_side ? ~(square_bb(king) * 2 - 1) : square_bb(king) - 1;
  const Bitboard rooks = pieces(c, ROOK) & rank_bb(rank_of(king)) & side;
  if (!rooks) return NO_SQUARE;
  return king_side ? msb(rooks) : lsb(rooks);
}

// An en-passant square only matters (for move generation, repetition and the Polyglot key)
// when a pawn of the side to move stands ready to capture there.
bool Position::ep_capturable(Square ep) const { return attacks::pawn(~side_, ep) & pieces(side_, PAWN); }

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empties = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      if (p == NO_PIECE) {
        ++empties;
        continue;
      }
      if (empties) out += char('0' + empties);
      empties = 0;
      out += PIECE_CHARS[p];
    }
    if (empties) out += char('0' + empties);
    if (rank) out += '/';
  }
  out += side_ == WHITE ? " w " : " b ";
  if (!castling_rights()) out += '-';
  for (Color c : {WHITE, BLACK})
    for (bool king_side : {true, false}) {
      const int right = castling_right(c, king_side);
      if (!(castling_rights() & right)) continue;
      // X-FEN: K or Q when the outermost rook castles, as in standard chess; else its file.
      const Square rook = castling_path(right).rook;
      const char letter = rook == outermost_rook(c, king_side) ? (king_side ? 'k' : 'q') : char('a' + file_of(rook));
      out += c == WHITE ? char(std::toupper(letter)) : letter;
    }
  // Moves from a FEN at the counters' limits can run past them; writing the limits keeps every
  // FEN we print readable by set_fen (the key does not depend on the counters).
  return fmt::format("{} {} {} {}", out, square_to_string(ep_square()), std::min(rule50(), MAX_FEN_HALFMOVE),
                     std::min(1 + game_ply_ / 2, MAX_FEN_FULLMOVE));
}

std::string Position::pretty() const {
  std::string out = " +---+---+---+---+---+---+---+---+\n";
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      out += fmt::format(" | {}", p == NO_PIECE ? ' ' : PIECE_CHARS[p]);
    }
    out += fmt::format(" | {}\n +---+---+---+---+---+---+---+---+\n", rank + 1);
  }
  out += "   a   b   c   d   e   f   g   h\n\n";
  out += fmt::format("Fen: {}\nKey: {:016X}\nCastling rooks:", fen(), key());
  if (!castling_rights()) out += " -";
  for (int right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (castling_rights() & right) out.append(" ").append(square_to_string(castling_path(right).rook));
  out += "\nCheckers:";
  for (Bitboard b = checkers(); b;) out.append(" ").append(square_to_string(pop_lsb(b)));
  return out + "\n";
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (attacks::pawn(BLACK, s) & pieces(WHITE, PAWN)) | (attacks::pawn(WHITE, s) & pieces(BLACK, PAWN)) |
         (attacks::knight(s) & pieces(KNIGHT)) | (attacks::king(s) & pieces(KING)) |
         (attacks::bishop(s, occupied) & pieces(BISHOP, QUEEN)) | (attacks::rook(s, occupied) & pieces(ROOK, QUEEN));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  return (attacks::pawn(~c, s) & pieces(c, PAWN)) || (attacks::knight(s) & pieces(c, KNIGHT)) ||
         (attacks::king(s) & pieces(c, KING)) || (attacks::bishop(s, occupied) & pieces(c, BISHOP, QUEEN)) ||
         (attacks::rook(s, occupied) & pieces(c, ROOK, QUEEN));
}

bool Position::gives_check(Move m) const {
  const Color us = side_, them = ~us;
  const Square ksq = king_square(them), from = m.from(), to = m.to();
  // Our attackers after the move, by how they attack, and the board's occupancy then.
  const Bitboard moved = square_bb(from);
  Bitboard pawns = pieces(us, PAWN) & ~moved, knights = pieces(us, KNIGHT) & ~moved;
  Bitboard diagonal = pieces(us, BISHOP, QUEEN) & ~moved, straight = pieces(us, ROOK, QUEEN) & ~moved;
  Bitboard occupied = (pieces() & ~moved) | square_bb(to);
  if (m.kind() == Move::CASTLING) {
    const Square rook_from = castling_rook(m), rook_to = castling_rook_to(m);
    straight = (straight & ~square_bb(rook_from)) | square_bb(rook_to);
    occupied = (pieces() & ~moved & ~square_bb(rook_from)) | square_bb(to) | square_bb(rook_to);
  } else {
    if (m.kind() == Move::EN_PASSANT) occupied &= ~square_bb(Square(to - pawn_push(us)));
    switch (m.kind() == Move::PROMOTION ? m.promotion() : type_of(moved_piece(m))) {
      case PAWN:
        pawns |= square_bb(to);
        break;
      case KNIGHT:
        knights |= square_bb(to);
        break;
      case BISHOP:
        diagonal |= square_bb(to);
        break;
      case ROOK:
        straight |= square_bb(to);
        break;
      case QUEEN:
        diagonal |= square_bb(to);
        straight |= square_bb(to);
        break;
      default:
        break;
    }
  }
  return (attacks::pawn(them, ksq) & pawns) || (attacks::knight(ksq) & knights) ||
         (attacks::bishop(ksq, occupied) & diagonal) || (attacks::rook(ksq, occupied) & straight);
}

Bitboard Position::slider_blockers(Color king_color) const {
  Square ksq = king_square(king_color);
  Color them = ~king_color;
  Bitboard snipers =
      (attacks::rook(ksq, 0) & pieces(them, ROOK, QUEEN)) | (attacks::bishop(ksq, 0) & pieces(them, BISHOP, QUEEN));
  Bitboard occupied = pieces() ^ snipers;
  Bitboard result = 0;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard between = attacks::between(ksq, s) & occupied;
    if (between && !more_than_one(between)) result |= between;
  }
  return result & pieces(king_color);
}

void Position::update_check_info() {
  StateInfo& st = states_.back();
  st.checkers = attackers_to(king_square(side_), pieces()) & pieces(~side_);
  st.blockers = slider_blockers(side_);
}

namespace {

// Adds or removes a piece in the position's key and in the pawn or non-pawn key.
void toggle_piece(StateInfo& st, Piece pc, Square s) {
  const Key k = zobrist::piece_square(pc, s);
  st.key ^= k;
  if (type_of(pc) == PAWN)
    st.pawn_key ^= k;
  else
    st.non_pawn_key[color_of(pc)] ^= k;
}

}  // namespace

Key Position::key_after(Move m) const {
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Key k = key() ^ zobrist::white_to_move() ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
  if (board_[to] != NO_PIECE) k ^= zobrist::piece_square(board_[to], to);
  if (state().ep_square != NO_SQUARE) k ^= zobrist::en_passant_file(file_of(state().ep_square));
  return k;
}

void Position::make_move(Move m) {
  StateInfo st = states_.back();
  st.rule50++;
  st.plies_from_null++;
  st.captured = NO_PIECE;

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  st.key ^= zobrist::white_to_move();

  if (st.ep_square != NO_SQUARE) {
    st.key ^= zobrist::en_passant_file(file_of(st.ep_square));
    st.ep_square = NO_SQUARE;
  }

  if (m.kind() == Move::CASTLING) {
    const Piece rook = make_piece(us, ROOK);
    toggle_piece(st, pc, from);
    toggle_piece(st, pc, to);
    toggle_piece(st, rook, castling_rook(m));
    toggle_piece(st, rook, castling_rook_to(m));
    do_castling(us, m, false);
  } else {
    Square capsq = m.kind() == Move::EN_PASSANT ? Square(to - pawn_push(us)) : to;
    if (board_[capsq] != NO_PIECE) {
      st.captured = board_[capsq];
      toggle_piece(st, st.captured, capsq);
      remove_piece(capsq);
      st.rule50 = 0;
    }
    move_piece(from, to);
    toggle_piece(st, pc, from);
    toggle_piece(st, pc, to);
    if (type_of(pc) == PAWN) {
      st.rule50 = 0;
      if (m.kind() == Move::PROMOTION) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        toggle_piece(st, pc, to);
        toggle_piece(st, promoted, to);
      } else if ((int(to) ^ int(from)) == 16) {
        Square ep = Square(from + pawn_push(us));
        if (attacks::pawn(us, ep) & pieces(them, PAWN)) {
          st.ep_square = ep;
          st.key ^= zobrist::en_passant_file(file_of(ep));
        }
      }
    }
  }

  if (st.castling && (castling_mask_[from] & castling_mask_[to]) != ALL_CASTLING) {
    st.key ^= zobrist::castling(st.castling);
    st.castling &= castling_mask_[from] & castling_mask_[to];
    st.key ^= zobrist::castling(st.castling);
  }

  states_.push_back(st);
  side_ = them;
  ++game_ply_;
  update_check_info();
}

void Position::unmake_move(Move m) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();
  const Piece captured = states_.back().captured;

  if (m.kind() == Move::CASTLING) {
    do_castling(us, m, true);
  } else {
    if (m.kind() == Move::PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (captured != NO_PIECE) put_piece(captured, m.kind() == Move::EN_PASSANT ? Square(to - pawn_push(us)) : to);
  }
  states_.pop_back();
  side_ = us;
  --game_ply_;
}

// King and rook may land on each other's squares, or stay put (Chess960): both are lifted
// before either is placed.
void Position::do_castling(Color us, Move castle, bool undo) {
  Square king_from = castle.from(), king_to = castle.to();
  Square rook_from = castling_rook(castle), rook_to = castling_rook_to(castle);
  if (undo) {
    std::swap(king_from, king_to);
    std::swap(rook_from, rook_to);
  }
  remove_piece(king_from);
  remove_piece(rook_from);
  put_piece(make_piece(us, KING), king_to);
  put_piece(make_piece(us, ROOK), rook_to);
}

void Position::make_null_move() {
  StateInfo st = states_.back();
  st.key ^= zobrist::white_to_move();
  if (st.ep_square != NO_SQUARE) {
    st.key ^= zobrist::en_passant_file(file_of(st.ep_square));
    st.ep_square = NO_SQUARE;
  }
  st.rule50++;
  st.plies_from_null = 0;
  st.captured = NO_PIECE;
  states_.push_back(st);
  side_ = ~side_;
  ++game_ply_;
  update_check_info();
}

void Position::unmake_null_move() {
  states_.pop_back();
  side_ = ~side_;
  --game_ply_;
}

bool Position::is_draw(int ply) const {
  const StateInfo& st = state();
  // Checkmate on the move that completes the fifty moves still counts.
  if (st.rule50 >= 100) return !st.checkers || !legal_moves(*this).empty();
  const int n = int(states_.size()) - 1;
  const int end = std::min(st.rule50, st.plies_from_null);
  int repetitions = 0;
  for (int i = 4; i <= end && i <= n; i += 2) {
    if (states_[n - i].key != st.key) continue;
    if (i < ply || ++repetitions == 2) return true;
  }
  return false;
}

// Odd plies back, the other side was to move: a key that differs from ours by one reversible
// move of ours, with nothing in that move's way, is a position we can return to at once.
bool Position::has_upcoming_repetition(int ply) const {
  const StateInfo& st = state();
  const int n = int(states_.size()) - 1;
  const int end = std::min({st.rule50, st.plies_from_null, n});
  for (int i = 3; i <= end; i += 2) {
    const auto move = cuckoo::find(st.key ^ states_[n - i].key);
    if (!move) continue;
    const auto [a, b] = *move;
    if ((attacks::between(a, b) ^ square_bb(b)) & pieces()) continue;
    const Square from = empty(a) ? b : a;
    if (color_of(piece_on(from)) != side_) continue;
    // Inside the tree once is enough; before it, the position must already have repeated.
    if (i < ply || occurred_before(n - i)) return true;
  }
  return false;
}

// Whether the position of states_[index] occurred earlier in the game, within reach of the
// same 50-move and null-move window.
bool Position::occurred_before(int index) const {
  const StateInfo& st = states_[index];
  const int end = std::min({st.rule50, st.plies_from_null, index});
  for (int i = 4; i <= end; i += 2)
    if (states_[index - i].key == st.key) return true;
  return false;
}

bool Position::has_insufficient_material() const {
  if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
  const Bitboard minors = pieces(KNIGHT, BISHOP);
  if (!more_than_one(minors)) return true;  // bare kings, or one minor piece
  // Only bishops, all on squares of one colour: no mate can ever arise.
  if (!pieces(KNIGHT)) {
    const Bitboard b = pieces(BISHOP);
    return !(b & DARK_SQUARES_BB) || !(b & ~DARK_SQUARES_BB);
  }
  return false;
}

StateInfo Position::compute_piece_keys() const {
  StateInfo st;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    toggle_piece(st, board_[s], s);
  }
  st.key = 0;
  return st;
}

Key Position::compute_key() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::piece_square(board_[s], s);
  }
  k ^= zobrist::castling(castling_rights());
  if (ep_square() != NO_SQUARE) k ^= zobrist::en_passant_file(file_of(ep_square()));
  if (side_ == WHITE) k ^= zobrist::white_to_move();
  return k;
}

}  // namespace vireo
