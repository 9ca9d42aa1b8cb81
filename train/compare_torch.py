#!/usr/bin/env python3
"""Times one epoch of the same training in PyTorch, to compare with vireo-train.

The network, loss and optimiser are vireo-train's: (768 -> hidden) x 2 -> 1 with SCReLU, a
sparse feature transformer (EmbeddingBag, sum), sigmoid MSE against the blended target, Adam.
This script only measures speed (positions per second); it writes no network.

  python3 train/compare_torch.py --data data.bin --positions 1000000 --threads 2

Needs Debian's python3-torch (and python3-numpy, which it pulls in).
"""

import argparse
import time

import numpy as np
import torch

RECORD = np.dtype([("occ", "<u8"), ("pieces", "u1", 16), ("score", "<i2"), ("result", "u1"), ("stm", "u1"),
                   ("rule50", "u1"), ("reserved", "u1"), ("ply", "<u2")])
INPUTS, PAD = 768, 768


def features(rec):
    """Per record, the feature indices from the side to move's and the other side's view,
    padded to 32 with PAD (training_data.h's layout, nnue/network.h's feature_index)."""
    n = len(rec)
    bits = ((rec["occ"][:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    nib = np.stack([rec["pieces"] & 15, rec["pieces"] >> 4], axis=2).reshape(n, 32).astype(np.int64)
    slot = np.clip(np.cumsum(bits, axis=1) - 1, 0, 31)
    piece = np.take_along_axis(nib, slot, axis=1)
    colour, ptype = piece // 6, piece % 6
    sq = np.broadcast_to(np.arange(64), (n, 64))
    stm = rec["stm"].astype(np.int64)[:, None]
    out = []
    for persp in (stm, 1 - stm):
        side = (colour != persp).astype(np.int64)
        rel_sq = np.where(persp == 0, sq, sq ^ 56)
        f = np.where(bits, (side * 6 + ptype) * 64 + rel_sq, PAD)
        f.sort(axis=1)  # occupied squares first (PAD is the largest index)
        out.append(torch.from_numpy(f[:, :32].copy()))
    return out


class Net(torch.nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ft = torch.nn.EmbeddingBag(INPUTS + 1, hidden, mode="sum", padding_idx=PAD)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, 1)

    def forward(self, us, them):
        a = torch.clamp(self.ft(us) + self.ft_bias, 0, 1) ** 2
        b = torch.clamp(self.ft(them) + self.ft_bias, 0, 1) ** 2
        return self.out(torch.cat([a, b], dim=1)).squeeze(1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--positions", type=int, default=1_000_000)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--batch", type=int, default=16384)
    p.add_argument("--hidden", type=int, default=256, help="as vireo-train's build (VIREO_NNUE_HIDDEN)")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    rec = np.fromfile(a.data, dtype=RECORD, count=a.positions)
    us, them = features(rec)
    stm_sign = np.where(rec["stm"] == 0, 1.0, -1.0)
    score = torch.from_numpy(rec["score"] * stm_sign).float()
    result = torch.from_numpy(np.where(rec["stm"] == 0, rec["result"], 2 - rec["result"]) / 2.0).float()
    target = 0.5 * torch.sigmoid(score / 400) + 0.5 * result
    net = Net(a.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    start = time.time()
    perm = torch.randperm(len(rec))
    for i in range(0, len(rec), a.batch):
        idx = perm[i:i + a.batch]
        loss = ((torch.sigmoid(net(us[idx], them[idx])) - target[idx]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    secs = time.time() - start
    print(f"torch {torch.__version__}, {a.threads} threads: {len(rec)} positions in {secs:.1f} s, "
          f"{len(rec) / secs:.0f} positions/s")


if __name__ == "__main__":
    main()
