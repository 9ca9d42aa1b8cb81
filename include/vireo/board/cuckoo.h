// Every reversible move (a piece other than a pawn going from one square to another, on an
// empty board) by the change it makes to the Zobrist key, in a cuckoo hash table: two lookups
// tell whether two positions' keys differ by exactly one such move. Marcel van Kervinck's way
// of seeing a repetition one move before it happens.
#pragma once

#include <optional>
#include <utility>

#include "vireo/board/types.h"

namespace vireo::cuckoo {

// The squares of the move whose key change is `diff` (piece on both squares and the turn), in
// no particular order; none if no reversible move changes the key so.
std::optional<std::pair<Square, Square>> find(Key diff);

// How many moves the table holds: 3,668 for the ten piece kinds other than pawns.
int size();

}  // namespace vireo::cuckoo
