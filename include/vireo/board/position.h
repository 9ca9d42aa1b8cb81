// The board: piece bitboards plus a mailbox, side to move, castling rights, en passant,
// move clocks, and a Zobrist key kept up to date by make_move/unmake_move.
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vireo/board/attacks.h"
#include "vireo/board/bitboard.h"
#include "vireo/board/types.h"

namespace vireo {

// What make_move cannot recompute cheaply when the move is taken back, plus the check and
// pin information of the position it leads to.
struct StateInfo {
  Key key = 0;
  // Keys of the pawns alone and of each side's other pieces (king included): correction
  // histories learn per pawn structure and per piece placement.
  Key pawn_key = 0;
  std::array<Key, COLOR_NB> non_pawn_key{};
  Bitboard checkers = 0;  // enemy pieces giving check to the side to move
  Bitboard blockers = 0;  // pieces of the side to move pinned to its own king
  int castling = NO_CASTLING;
  Square ep_square = NO_SQUARE;  // set only when a pawn of the side to move can capture there
  int rule50 = 0;
  int plies_from_null = 0;
  Piece captured = NO_PIECE;
};

// What a castling right needs, fixed when the FEN is read: king and rook stay on their squares
// for as long as the right lasts. Chess960 lets them start on any files of the first rank.
struct CastlingPath {
  Square rook = NO_SQUARE;  // where the rook starts
  Bitboard empty = 0;       // squares king and rook cross or land on, other than their own
  Bitboard king_path = 0;   // squares the king crosses or lands on: none may be attacked
};

class Position {
 public:
  static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  Position();  // the start position

  // Sets the position from FEN (4 to 6 fields). On error returns a message and leaves the
  // position as it was. Castling rights are KQkq, meaning the outermost rook on that side
  // (X-FEN), or the castling rook's file (Shredder-FEN, and X-FEN for an inner rook): AHah.
  // fen() writes X-FEN, which is plain KQkq for the standard start squares.
  std::optional<std::string> set_fen(std::string_view fen);
  std::string fen() const;
  std::string pretty() const;

  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  const StateInfo& state() const { return states_.back(); }
  Key key() const { return state().key; }
  Key pawn_key() const { return state().pawn_key; }
  Key non_pawn_key(Color c) const { return state().non_pawn_key[c]; }
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return state().checkers != 0; }
  Bitboard blockers() const { return state().blockers; }
  int castling_rights() const { return state().castling; }
  // By CastlingRight bit; a right the FEN did not give has no rook.
  const CastlingPath& castling_path(int right) const { return castling_[std::countr_zero(unsigned(right))]; }
  Square castling_rook(Move castle) const { return castling_path(castling_right(castle)).rook; }
  Square ep_square() const { return state().ep_square; }
  int rule50() const { return state().rule50; }
  int game_ply() const { return game_ply_; }
  Piece captured_piece() const { return state().captured; }

  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool attacked_by(Color c, Square s, Bitboard occupied) const;
  // Whether a legal move checks the opponent's king (directly or by discovery), without
  // playing it.
  bool gives_check(Move m) const;
  // The type of the piece a capture takes (the pawn, for en passant).
  PieceType captured_type(Move m) const { return m.kind() == Move::EN_PASSANT ? PAWN : type_of(piece_on(m.to())); }
  bool is_capture(Move m) const {
    return m.kind() == Move::EN_PASSANT || (m.kind() != Move::CASTLING && !empty(m.to()));
  }
  Piece moved_piece(Move m) const { return board_[m.from()]; }
  bool has_non_pawn_material(Color c) const { return pieces(c) & ~pieces(PAWN, KING); }

  // The key after a normal move or capture, without playing it, to prefetch its TT bucket
  // early; castling, en passant, promotions and changed castling or en-passant rights make it
  // differ from the real one, which costs only a wasted prefetch.
  Key key_after(Move m) const;

  // m must be legal in this position.
  void make_move(Move m);
  void unmake_move(Move m);
  void make_null_move();
  void unmake_null_move();

  // A draw by the 50-move rule or repetition. Inside the search tree (the last `ply` moves)
  // one repetition is enough; a repetition with a position of the game before that needs a
  // third occurrence, as the rules say.
  bool is_draw(int ply) const;
  // The side to move has a reversible move into a position that would then be a draw by
  // is_draw's rules: a draw it can claim, so the node is worth at least that.
  bool has_upcoming_repetition(int ply) const;
  bool has_insufficient_material() const;

  // The key computed from scratch; tests compare it with the incremental one.
  Key compute_key() const;
  // The pawn and non-pawn keys computed from scratch, in a state with nothing else set.
  StateInfo compute_piece_keys() const;

 private:
  struct Empty {};
  explicit Position(Empty);
  void clear();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void update_check_info();
  Bitboard slider_blockers(Color king_color) const;
  bool ep_capturable(Square ep) const;
  bool occurred_before(int index) const;
  std::optional<std::string> validate() const;
  std::optional<std::string> set_castling(std::string_view field);
  std::optional<std::string> add_castling_right(char c, std::string_view field);
  Square outermost_rook(Color c, bool king_side) const;
  void do_castling(Color us, Move castle, bool undo);

  Piece board_[SQUARE_NB];
  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Color side_ = WHITE;
  int game_ply_ = 0;
  std::vector<StateInfo> states_;
  std::array<CastlingPath, 4> castling_;
  std::array<int, SQUARE_NB> castling_mask_;  // the rights a move from or to the square keeps
};

}  // namespace vireo
