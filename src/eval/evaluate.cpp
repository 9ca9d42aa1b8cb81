#include "vireo/eval/evaluate.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>

#include "vireo/eval/eval_weights.h"

namespace vireo {

namespace {

using weights::WEIGHTS;

enum Term { MATERIAL, MOBILITY, PAWNS, PASSED, PIECES, THREATS, KING_SAFETY, TEMPO, TERM_NB };
constexpr const char* TERM_NAMES[TERM_NB] = {"Material+PSQT", "Mobility", "Pawn structure", "Passed pawns",
                                             "Pieces",        "Threats",  "King safety",    "Tempo"};

using Trace = std::array<std::array<Score, COLOR_NB>, TERM_NB>;

// Phase weights: 24 with all pieces on the board, 0 with only kings and pawns.
constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

constexpr Bitboard forward_files(Color c, Square s) {
  Bitboard front = 0;
  for (int r = rank_of(s) + (c == WHITE ? 1 : -1); r >= 0 && r < 8; r += (c == WHITE ? 1 : -1)) front |= rank_bb(r);
  return front;
}

constexpr Bitboard adjacent_files(Square s) {
  return (file_of(s) > 0 ? file_bb(file_of(s) - 1) : 0) | (file_of(s) < 7 ? file_bb(file_of(s) + 1) : 0);
}

struct Context {
  const Position& pos;
  Bitboard pawn_attacks[COLOR_NB];
  Bitboard king_zone[COLOR_NB];
  int king_danger[COLOR_NB] = {0, 0};  // attack units against this colour's king
  int king_attackers[COLOR_NB] = {0, 0};
  Trace trace{};

  void add(Term t, Color c, Score s) { trace[t][c] += s; }
};

Score psqt(PieceType pt, Color c, Square s) {
  // Tables are written a8 first from white's view: flip the rank for white, not for black.
  const Square idx = c == WHITE ? Square(s ^ 56) : s;
  return WEIGHTS.material[pt] + WEIGHTS.psqt[pt][idx];
}

void eval_pawns(Context& ctx, Color us) {
  const Position& pos = ctx.pos;
  const Color them = ~us;
  const Bitboard ours = pos.pieces(us, PAWN), theirs = pos.pieces(them, PAWN);
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const Bitboard front = forward_files(us, s);
    const Bitboard file = file_bb(file_of(s)), adjacent = adjacent_files(s);
    const Square stop = Square(s + pawn_push(us));

    if (!(ours & adjacent)) ctx.add(PAWNS, us, WEIGHTS.isolated);
    if (ours & front & file) ctx.add(PAWNS, us, WEIGHTS.doubled);
    if (attacks::pawn(them, s) & ours) ctx.add(PAWNS, us, WEIGHTS.supported);
    if (attacks::pawn(them, stop) & ours) ctx.add(PAWNS, us, WEIGHTS.phalanx);  // a pawn beside it
    // Backward: no friendly pawn beside or behind on the adjacent files, and the stop square
    // is held by an enemy pawn, so it can neither advance safely nor be defended by a pawn.
    if ((ours & adjacent & ~front) == 0 && (ours & adjacent) && (ctx.pawn_attacks[them] & square_bb(stop)))
      ctx.add(PAWNS, us, WEIGHTS.backward);

    if (!(theirs & front & (file | adjacent))) {
      const int rank = relative_rank(us, s);
      ctx.add(PASSED, us, WEIGHTS.passed[rank]);
      if (rank >= 3 && !(pos.pieces() & front & file)) ctx.add(PASSED, us, WEIGHTS.passed_free_path);
    }
  }
}

void eval_pieces(Context& ctx, Color us) {
  const Position& pos = ctx.pos;
  const Color them = ~us;
  const Bitboard occupied = pos.pieces();
  const Bitboard mobility_area = ~pos.pieces(us) & ~ctx.pawn_attacks[them];
  const Bitboard enemy_rooks_queens = pos.pieces(them, ROOK, QUEEN);
  const Bitboard enemy_pieces = pos.pieces(them) & ~pos.pieces(PAWN, KING);

  ctx.add(THREATS, us, WEIGHTS.threat_by_pawn * popcount(ctx.pawn_attacks[us] & enemy_pieces));

  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
    for (Bitboard b = pos.pieces(us, pt); b;) {
      const Square s = pop_lsb(b);
      const Bitboard att = attacks::piece(pt, s, occupied);
      ctx.add(MOBILITY, us, WEIGHTS.mobility[pt] * (popcount(att & mobility_area) - WEIGHTS.mobility_center[pt]));
      if (const Bitboard zone_hits = att & ctx.king_zone[them]) {
        ctx.king_danger[them] += WEIGHTS.king_attack_weight[pt] * popcount(zone_hits);
        ctx.king_attackers[them]++;
      }
      if ((pt == KNIGHT || pt == BISHOP) && (att & enemy_rooks_queens))
        ctx.add(THREATS, us, WEIGHTS.threat_by_minor * popcount(att & enemy_rooks_queens));
      if (pt == ROOK) {
        const Bitboard file = file_bb(file_of(s));
        if (!(pos.pieces(PAWN) & file))
          ctx.add(PIECES, us, WEIGHTS.rook_open_file);
        else if (!(pos.pieces(us, PAWN) & file))
          ctx.add(PIECES, us, WEIGHTS.rook_semi_open_file);
      }
    }
  }
  if (more_than_one(pos.pieces(us, BISHOP))) ctx.add(PIECES, us, WEIGHTS.bishop_pair);
}

void eval_king(Context& ctx, Color us) {
  const Position& pos = ctx.pos;
  const Square k = pos.king_square(us);
  // Pawn shield: own pawns on the three files around the king, one or two ranks ahead.
  const Bitboard shield_zone = (file_bb(file_of(k)) | adjacent_files(k)) &
                               (relative_rank_bb(us, 1) | relative_rank_bb(us, 2)) & forward_files(us, k);
  if (relative_rank(us, k) <= 1)
    ctx.add(KING_SAFETY, us, WEIGHTS.pawn_shield * popcount(shield_zone & pos.pieces(us, PAWN)));

  // A lone attacker rarely mates; the danger counts once two pieces join in (or the queen).
  const int danger = ctx.king_danger[us];
  if (ctx.king_attackers[us] >= 2 || (danger >= WEIGHTS.king_attack_weight[QUEEN] && pos.pieces(~us, QUEEN))) {
    const int mg = std::min(danger * danger / WEIGHTS.king_danger_divisor, WEIGHTS.king_danger_max);
    ctx.add(KING_SAFETY, us, S(-mg, -danger / 8));
  }
}

// Fills ctx.trace and returns the phase.
int evaluate_terms(Context& ctx) {
  const Position& pos = ctx.pos;
  int phase = 0;
  for (Color c : {WHITE, BLACK}) {
    ctx.pawn_attacks[c] =
        c == WHITE ? pawn_attacks_bb<WHITE>(pos.pieces(c, PAWN)) : pawn_attacks_bb<BLACK>(pos.pieces(c, PAWN));
    const Square k = pos.king_square(c);
    ctx.king_zone[c] = attacks::king(k) | square_bb(k);
  }
  for (Color c : {WHITE, BLACK}) {
    for (Bitboard b = pos.pieces(c); b;) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos.piece_on(s));
      ctx.add(MATERIAL, c, psqt(pt, c, s));
      phase += PHASE_WEIGHT[pt];
    }
    eval_pawns(ctx, c);
    eval_pieces(ctx, c);
  }
  for (Color c : {WHITE, BLACK}) eval_king(ctx, c);
  ctx.add(TEMPO, pos.side_to_move(), WEIGHTS.tempo);
  return std::min(phase, MAX_PHASE);
}

int taper(Score s, int phase) { return (mg_value(s) * phase + eg_value(s) * (MAX_PHASE - phase)) / MAX_PHASE; }

}  // namespace

int evaluate(const Position& pos) {
  Context ctx{pos, {}, {}};
  const int phase = evaluate_terms(ctx);
  Score total = 0;
  for (const auto& term : ctx.trace) total += term[WHITE] - term[BLACK];
  const int white_view = taper(total, phase);
  return pos.side_to_move() == WHITE ? white_view : -white_view;
}

std::string eval_trace(const Position& pos) {
  Context ctx{pos, {}, {}};
  const int phase = evaluate_terms(ctx);
  auto cp = [](int v) { return fmt::format("{:6.2f}", v / 100.0); };
  std::string out = "      Term       |    White    |    Black    |    Total\n";
  out += "                 |   MG    EG  |   MG    EG  |   MG    EG\n";
  out += "-----------------+-------------+-------------+------------\n";
  Score total = 0;
  for (int t = 0; t < TERM_NB; ++t) {
    const Score w = ctx.trace[t][WHITE], b = ctx.trace[t][BLACK];
    total += w - b;
    out += fmt::format("{:>16} | {} {} | {} {} | {} {}\n", TERM_NAMES[t], cp(mg_value(w)), cp(eg_value(w)),
                       cp(mg_value(b)), cp(eg_value(b)), cp(mg_value(w - b)), cp(eg_value(w - b)));
  }
  out += "-----------------+-------------+-------------+------------\n";
  out += fmt::format("Phase {}/{}; total (white's view) {} cp; from the side to move {} cp\n", phase, MAX_PHASE,
                     taper(total, phase), evaluate(pos));
  return out;
}

}  // namespace vireo
