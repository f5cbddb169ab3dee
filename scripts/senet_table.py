"""A reader of `table.senet`, the tables `senet-sim solve` writes, for programs of one's own:
the Python standard library alone (3.11 or later, for tomllib), no senet-sim needed.

    from senet_table import read
    header, values = read("solved/tejon-2/table.senet")
    header["rules"]["pawns"], header["throws"], len(values)

The file (docs/solving.md, "The table file"): the 8 bytes `SENETSOL`, the format (a
little-endian u32, 4), the header's length (a little-endian u32), the header (TOML: `rules`,
`throws`, `positions`, and `endgame` for an endgame table), then one little-endian f32 a
position: the chance that the side to move wins, about to throw, by the index of
docs/solving.md's "The state encoding".
"""

from __future__ import annotations

import array
import struct
import sys
import tomllib

MAGIC = b"SENETSOL"
FORMAT = 4


def read(path):
    """The header (a dict) and the values (an array of floats) of the table at `path`;
    ValueError naming what is wrong."""
    with open(path, "rb") as f:
        head = f.read(16)
        if len(head) < 16 or head[:8] != MAGIC:
            raise ValueError(f"{path}: not a table written by senet-sim solve")
        fmt, length = struct.unpack("<II", head[8:16])
        if fmt != FORMAT:
            raise ValueError(f"{path}: table format {fmt}, this reader reads {FORMAT}")
        text = f.read(length)
        if len(text) != length:
            raise ValueError(f"{path}: truncated header")
        header = tomllib.loads(text.decode("utf-8"))
        values = array.array("f")
        data = f.read()
    if len(data) != 4 * header["positions"]:
        raise ValueError(
            f"{path}: {len(data) // 4} values for {header['positions']} positions"
        )
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return header, values


if __name__ == "__main__":
    header, values = read(sys.argv[1])
    rules = header["rules"]
    print(f"{rules['pawns']} pawns a side, {len(values)} positions, throws {header['throws']}")
