#!/usr/bin/env python3
"""Fits the win/draw/loss model behind `UCI_ShowWDL` to Vireo's own self-play records.

  /usr/bin/python3 train/wdl_fit.py --data gen1.bin [--data gen2.bin ...] [--sample 1000000] [--seed 1]

(Debian: apt-get install python3-torch, which brings numpy.) Each record of `vireo datagen`
(include/vireo/tools/training_data.h) gives a search score s and the game's result, both
turned to the side to move's view, and the material m left on the board (pawn 1, knight and
bishop 3, rook 5, queen 9; 78 at the start). The model:

    P(win)  = sigmoid((s - a(m)) / b(m))
    P(loss) = sigmoid((-s - a(m)) / b(m))
    P(draw) = 1 - P(win) - P(loss)

with a and b cubic polynomials in m / 78: a is the score at which a win is as likely as not, b
how fast the odds change around it. The fit maximises the likelihood of the game results
(L-BFGS, full batch) and prints the eight coefficients in the form include/vireo/eval/wdl.h
keeps.
"""

import argparse

import numpy as np
import torch

RECORD = np.dtype([("occ", "<u8"), ("pieces", "u1", 16), ("score", "<i2"), ("result", "u1"), ("stm", "u1"),
                   ("rule50", "u1"), ("reserved", "u1"), ("ply", "<u2")])
PIECE_VALUE = np.array([1, 3, 3, 5, 9, 0] * 2 + [0] * 4, dtype=np.int32)  # by code = colour * 6 + type


def load(paths, max_abs_score, sample, seed):
    recs = np.concatenate([np.fromfile(p, dtype=RECORD) for p in paths])
    if sample and sample < len(recs):
        recs = recs[np.sort(np.random.default_rng(seed).choice(len(recs), sample, replace=False))]
    counts = np.unpackbits(np.ascontiguousarray(recs["occ"]).view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1)
    nibbles = np.stack([recs["pieces"] & 15, recs["pieces"] >> 4], axis=2).reshape(-1, 32)
    present = np.arange(32)[None, :] < counts[:, None]
    material = (PIECE_VALUE[nibbles] * present).sum(axis=1)
    white = recs["stm"] == 0
    score = np.where(white, recs["score"], -recs["score"].astype(np.int32))
    result = np.where(white, recs["result"], 2 - recs["result"].astype(np.int32))  # 0 loss, 1 draw, 2 win
    keep = (np.abs(score) <= max_abs_score) & (recs["result"] <= 2)
    return score[keep], material[keep], result[keep]


def fit(score, material, result, iterations):
    s = torch.tensor(score, dtype=torch.float64)
    m = torch.tensor(material, dtype=torch.float64) / 78.0
    powers = torch.stack([m ** 3, m ** 2, m, torch.ones_like(m)], dim=1)
    r = torch.tensor(result, dtype=torch.int64)
    # Start where a pawn-and-a-half edge wins half the time and odds change over a pawn or so.
    pa = torch.tensor([0.0, 0.0, 0.0, 150.0], dtype=torch.float64, requires_grad=True)
    pb = torch.tensor([0.0, 0.0, 0.0, 100.0], dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([pa, pb], max_iter=iterations, line_search_fn="strong_wolfe")

    def nll():
        opt.zero_grad()
        a, b = powers @ pa, (powers @ pb).clamp(min=1.0)
        win, loss = torch.sigmoid((s - a) / b), torch.sigmoid((-s - a) / b)
        draw = (1 - win - loss).clamp(min=1e-9)
        p = torch.stack([loss, draw, win], dim=1).gather(1, r[:, None]).squeeze(1).clamp(min=1e-9)
        value = -torch.log(p).mean()
        value.backward()
        return value

    opt.step(nll)
    return pa.detach().numpy(), pb.detach().numpy(), float(nll())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", action="append", required=True, help="a datagen file (repeatable)")
    ap.add_argument("--max-abs-score", type=int, default=3000, help="leave out won-out positions beyond this")
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--sample", type=int, default=1_000_000, help="fit on this many records drawn at random (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    score, material, result = load(a.data, a.max_abs_score, a.sample, a.seed)
    print(f"{len(score)} positions; results: loss {np.mean(result == 0):.3f} draw {np.mean(result == 1):.3f} "
          f"win {np.mean(result == 2):.3f} (side to move)")
    pa, pb, loss = fit(score, material, result, a.iterations)
    print(f"mean negative log-likelihood {loss:.5f}")
    for m in (78, 58, 40, 20):
        x = m / 78.0
        print(f"  material {m:2d}: a = {np.polyval(pa, x):7.1f} cp, b = {np.polyval(pb, x):6.1f} cp")
    fmt = lambda v: "{" + ", ".join(f"{c:.3f}" for c in v) + "}"
    print(f"constexpr std::array<double, 4> WDL_A = {fmt(pa)};")
    print(f"constexpr std::array<double, 4> WDL_B = {fmt(pb)};")


if __name__ == "__main__":
    main()
