// Basic chess types shared by every module: colours, pieces, squares, moves.
#pragma once

#include <cstdint>
#include <string>

namespace vireo {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB, NO_PIECE_TYPE = 6 };

// Piece = colour * 6 + type, so white pieces come first; NO_PIECE marks an empty square.
enum Piece : int { NO_PIECE = 12, PIECE_NB = 12 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 6 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p % 6); }
constexpr Color color_of(Piece p) { return Color(p / 6); }

// clang-format off
enum Square : int {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  SQUARE_NB, NO_SQUARE = 64
};
// clang-format on

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s >= A1 && s <= H8; }
// Mirrors the square vertically for black, so tables can be written from white's side.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

std::string square_to_string(Square s);

enum CastlingRight : int {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15
};

constexpr int castling_right(Color c, bool king_side) { return (king_side ? WHITE_OO : WHITE_OOO) << (2 * c); }
constexpr int castling_rights_of(Color c) { return (WHITE_OO | WHITE_OOO) << (2 * c); }
// Where castling takes king and rook, whichever files they start on (Chess960 too).
constexpr Square castling_king_to(Color c, bool king_side) { return relative_square(c, king_side ? G1 : C1); }
constexpr Square castling_rook_to(Color c, bool king_side) { return relative_square(c, king_side ? F1 : D1); }

// A move in 16 bits: from (0-5), to (6-11), promotion piece minus knight (12-13), kind (14-15).
// Castling is stored as the king's move to its destination, the g- or c-file (e1g1), in
// Chess960 too, where the king may not move at all (g1g1): standard moves keep one encoding
// whatever the variant. Where the rook starts is the Position's (castling_rook).
class Move {
 public:
  enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = NORMAL, PieceType promo = KNIGHT)
      : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | (kind << 14))) {}

  static constexpr Move none() { return Move(); }
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return Kind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr std::uint16_t raw() const { return data_; }
  // A1A1 can never be a move, so the all-zero word doubles as "no move".
  constexpr bool is_none() const { return data_ == 0; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

  // The standard UCI text; Chess960's castling text needs the position (move_to_uci).
  std::string to_uci() const;

 private:
  std::uint16_t data_ = 0;
};

// The right a castling move uses and its rook's destination follow from the king's.
constexpr bool is_king_side(Move castle) { return file_of(castle.to()) == 6; }
constexpr Color castling_color(Move castle) { return rank_of(castle.to()) == 0 ? WHITE : BLACK; }
constexpr int castling_right(Move castle) { return castling_right(castling_color(castle), is_king_side(castle)); }
constexpr Square castling_rook_to(Move castle) {
  return castling_rook_to(castling_color(castle), is_king_side(castle));
}

}  // namespace vireo
