#include "vireo/board/movegen.h"

namespace vireo {

namespace {

// What every generator of one call shares: whose move it is, where its king stands, and which
// destination squares can answer a check.
struct GenContext {
  const Position& pos;
  MoveList& list;
  Color us;
  Square ksq;
  Bitboard occupied;
  Bitboard enemies;
  Bitboard blockers;
  Bitboard target;  // destination squares allowed by the check state and the GenType

  // A pinned piece may only move along the line through its king.
  bool pin_allows(Square from, Square to) const {
    return !(blockers & square_bb(from)) || (attacks::line(ksq, from) & square_bb(to));
  }
};

void add_promotions(GenContext& g, Square from, Square to, bool capture, GenType type) {
  if (!g.pin_allows(from, to)) return;
  // A quiet under-promotion is rarely good, so it waits among the quiet moves.
  if (type != GenType::QUIET) g.list.push(Move(from, to, Move::PROMOTION, QUEEN));
  if (type == GenType::ALL || (type == GenType::NOISY) == capture)
    for (PieceType pt : {KNIGHT, ROOK, BISHOP}) g.list.push(Move(from, to, Move::PROMOTION, pt));
}

template <Color Us>
void generate_en_passant(GenContext& g, Bitboard pawns) {
  const Square ep = g.pos.ep_square();
  if (ep == NO_SQUARE) return;
  constexpr int up = pawn_push(Us);
  const Square capsq = Square(ep - up);
  // Under check, en passant helps only by capturing the checker or blocking on its square.
  if (!(g.target & square_bb(ep)) && !(g.pos.checkers() & square_bb(capsq))) return;
  const Bitboard enemy_rooks = g.pos.pieces(~Us, ROOK, QUEEN), enemy_bishops = g.pos.pieces(~Us, BISHOP, QUEEN);
  for (Bitboard b = attacks::pawn(~Us, ep) & pawns; b;) {
    Square from = pop_lsb(b);
    // Two pawns leave one rank at once, which can uncover a slider: test the real result.
    Bitboard occ = (g.occupied ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
    if (!(attacks::rook(g.ksq, occ) & enemy_rooks) && !(attacks::bishop(g.ksq, occ) & enemy_bishops))
      g.list.push(Move(from, ep, Move::EN_PASSANT));
  }
}

template <Color Us, GenType Type>
void generate_pawn_moves(GenContext& g) {
  constexpr int up = pawn_push(Us);
  constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  const Bitboard pawns = g.pos.pieces(Us, PAWN);
  const Bitboard on_seventh = pawns & relative_rank_bb(Us, 6);
  const Bitboard others = pawns & ~on_seventh;
  const Bitboard empty = ~g.occupied;
  const Bitboard capture_target = g.enemies & g.target;

  auto add = [&](Bitboard dests, int delta) {
    while (dests) {
      Square to = pop_lsb(dests);
      Square from = Square(to - delta);
      if (g.pin_allows(from, to)) g.list.push(Move(from, to));
    }
  };

  if constexpr (Type != GenType::NOISY) {
    Bitboard single = shift<Up>(others) & empty;
    Bitboard dbl = shift<Up>(single & relative_rank_bb(Us, 2)) & empty & g.target;
    add(single & g.target, up);
    add(dbl, 2 * up);
  }
  if constexpr (Type != GenType::QUIET) {
    add(shift<UpWest>(others) & capture_target, up + WEST);
    add(shift<UpEast>(others) & capture_target, up + EAST);
    generate_en_passant<Us>(g, others);
  }
  if (on_seventh) {
    for (Bitboard b = shift<UpWest>(on_seventh) & capture_target; b;) {
      Square to = pop_lsb(b);
      add_promotions(g, Square(to - up - WEST), to, true, Type);
    }
    for (Bitboard b = shift<UpEast>(on_seventh) & capture_target; b;) {
      Square to = pop_lsb(b);
      add_promotions(g, Square(to - up - EAST), to, true, Type);
    }
    for (Bitboard b = shift<Up>(on_seventh) & empty & g.target; b;) {
      Square to = pop_lsb(b);
      add_promotions(g, Square(to - up), to, false, Type);
    }
  }
}

template <PieceType Pt>
void generate_piece_moves(GenContext& g, Bitboard dest_mask) {
  for (Bitboard pcs = g.pos.pieces(g.us, Pt); pcs;) {
    Square from = pop_lsb(pcs);
    Bitboard dests = attacks::piece(Pt, from, g.occupied) & dest_mask;
    if (g.blockers & square_bb(from)) dests &= attacks::line(g.ksq, from);
    while (dests) g.list.push(Move(from, pop_lsb(dests)));
  }
}

void generate_castling(GenContext& g) {
  for (bool king_side : {true, false}) {
    const int right = castling_right(g.us, king_side);
    if (!(g.pos.castling_rights() & right)) continue;
    const CastlingPath& path = g.pos.castling_path(right);
    if (g.occupied & path.empty) continue;
    // Without the castling rook, which may screen the king's destination along the first
    // rank until it moves (Chess960).
    const Bitboard occ = g.occupied ^ square_bb(path.rook);
    bool safe = true;
    for (Bitboard b = path.king_path; b && safe;) safe = !g.pos.attacked_by(~g.us, pop_lsb(b), occ);
    if (safe) g.list.push(Move(g.ksq, castling_king_to(g.us, king_side), Move::CASTLING));
  }
}

void generate_king_moves(GenContext& g, Bitboard dest_mask) {
  // The king must not hide behind itself from a slider, so it leaves the board for the test.
  const Bitboard occ = g.occupied ^ square_bb(g.ksq);
  for (Bitboard dests = attacks::king(g.ksq) & dest_mask; dests;) {
    Square to = pop_lsb(dests);
    if (!g.pos.attacked_by(~g.us, to, occ)) g.list.push(Move(g.ksq, to));
  }
}

template <GenType Type>
Bitboard type_mask(const GenContext& g) {
  if constexpr (Type == GenType::NOISY)
    return g.enemies;
  else if constexpr (Type == GenType::QUIET)
    return ~g.occupied;
  else
    return ~g.pos.pieces(g.us);
}

}  // namespace

template <GenType Type>
void generate(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  GenContext g{pos, list, us, pos.king_square(us), pos.pieces(), pos.pieces(~us), pos.blockers(), 0};
  const Bitboard checkers = pos.checkers();
  const Bitboard mask = type_mask<Type>(g);

  generate_king_moves(g, mask);
  if (more_than_one(checkers)) return;  // double check: only the king can move
  // Under check, a move must capture the checker or step between it and the king.
  g.target = checkers ? attacks::between(g.ksq, lsb(checkers)) : ~pos.pieces(us);

  if (us == WHITE)
    generate_pawn_moves<WHITE, Type>(g);
  else
    generate_pawn_moves<BLACK, Type>(g);
  const Bitboard dest_mask = g.target & mask;
  generate_piece_moves<KNIGHT>(g, dest_mask);
  generate_piece_moves<BISHOP>(g, dest_mask);
  generate_piece_moves<ROOK>(g, dest_mask);
  generate_piece_moves<QUEEN>(g, dest_mask);
  if (Type != GenType::NOISY && !checkers) generate_castling(g);
}

template void generate<GenType::ALL>(const Position&, MoveList&);
template void generate<GenType::NOISY>(const Position&, MoveList&);
template void generate<GenType::QUIET>(const Position&, MoveList&);

namespace {

// A plain move (not castling, en passant or a promotion) that the piece on its square can
// make on this board, legal or not.
bool plain_move_possible(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece p = pos.piece_on(from);
  if (m != Move(from, to) || p == NO_PIECE || color_of(p) != us || (pos.pieces(us) & square_bb(to))) return false;
  if (type_of(p) != PAWN) return attacks::piece(type_of(p), from, pos.pieces()) & square_bb(to);
  if (relative_rank(us, to) == 7) return false;  // only a promotion reaches the last rank
  const Square push = Square(from + pawn_push(us));
  if (attacks::pawn(us, from) & square_bb(to)) return !pos.empty(to);  // an enemy: our own were ruled out
  return pos.empty(push) &&
         (to == push || (relative_rank(us, from) == 1 && to == Square(push + pawn_push(us)) && pos.empty(to)));
}

}  // namespace

bool is_legal(const Position& pos, Move m) {
  // Castling, en passant and promotions are rare in the TT: the list settles them.
  if (m.kind() != Move::NORMAL) return m && legal_moves(pos).contains(m);
  if (!plain_move_possible(pos, m)) return false;
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to(), ksq = pos.king_square(us);
  if (from == ksq) return !pos.attacked_by(~us, to, pos.pieces() ^ square_bb(from));
  const Bitboard checkers = pos.checkers();
  // A single check is answered by taking the checker or stepping between; a double one not at all.
  if (checkers && (more_than_one(checkers) || !(attacks::between(ksq, lsb(checkers)) & square_bb(to)))) return false;
  // A pinned piece stays on the line through its king.
  return !(pos.blockers() & square_bb(from)) || (attacks::line(ksq, from) & square_bb(to));
}

std::string move_to_uci(const Position& pos, Move m, bool chess960) {
  if (!chess960 || m.kind() != Move::CASTLING) return m.to_uci();
  return square_to_string(m.from()) + square_to_string(pos.castling_rook(m));
}

Move parse_uci_move(const Position& pos, std::string_view text) {
  // Castling is generated last, so where a Chess960 king's two-step reads like a plain king
  // step (f1g1), the plain step wins; king-takes-rook is never anything but castling.
  for (const ExtMove& e : legal_moves(pos))
    if (e.move.to_uci() == text || move_to_uci(pos, e.move, true) == text) return e.move;
  return Move::none();
}

}  // namespace vireo
