"""QR codes for remote play's invite link and reply code (issue 30), drawn as SVG.

A phone in the same room reads the code from the other screen. The encoder follows ISO/IEC 18004
(QR Code, model 2), and each step below names the clause it implements:

- 7.3 / 7.4.5: byte mode (mode indicator ``0100``, an 8- or 16-bit character count, the bytes;
  a ``str`` is encoded as UTF-8, with no ECI header: readers take UTF-8 in byte mode as it is);
- 7.4.9 / Table 7 and 9: the smallest version 1-40 whose data capacity at the chosen level
  (L, M, Q, H) holds the bit stream, the terminator and the pad codewords ``0xEC 0x11``;
- 7.5.2 / Annex A: Reed-Solomon error correction over GF(256) (polynomial 0x11D, generator roots
  alpha^0 ... alpha^(n-1)) for each block of Table 9;
- 7.6: the final sequence, data codewords interleaved block by block, then error correction
  codewords, then remainder bits;
- 6.3 / 7.7: function patterns (finders and separators, timing, alignment patterns of Annex E,
  the dark module) and the placement of the codewords in two-module columns from the bottom right;
- 7.8: the eight data masks, each scored with the penalty rules of 7.8.3 (Table 11) on the
  finished symbol (its format and version information drawn for that mask), the lowest score
  chosen (the first one on a tie). Some encoders, the ``qrcode`` package the tests compare with
  among them, score with the format and version areas left light, so their choice can differ;
  any mask makes a valid symbol;
- 7.9 / Annex C: format information (BCH(15,5), XOR 101010000010010) and 7.10 / Annex D: version
  information (BCH(18,6)) for versions 7 and up.

Rows are kept as Python ints (bit ``size - 1 - x`` is column ``x``) so masking and the penalty
rules run on whole rows at once: ``bench/qr.py`` times a 400-character URL.
"""

from __future__ import annotations

import re

from railtable_web.markup import escape

__all__ = ["LEVELS", "matrix", "penalty", "svg"]

# 7.9.1 / Table 12: the two error correction level bits of the format information.
LEVELS = {"L": 1, "M": 0, "Q": 3, "H": 2}

# Table 9: error correction codewords per block, and the number of blocks, by level and version
# (index 0 unused).
_EC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}  # fmt: skip
_BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}  # fmt: skip

# Annex A: GF(256) with the field's prime polynomial x^8 + x^4 + x^3 + x^2 + 1.
_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]
del _x, _i


def _size(version: int) -> int:
    """6.3.1: a version V symbol is 4V + 17 modules a side."""
    return 4 * version + 17


def _raw_codewords(version: int) -> int:
    """Table 1: the codewords a version holds, all modules less the function patterns and the
    format and version information, in whole codewords (the rest are remainder bits)."""
    bits = (16 * version + 128) * version + 64
    if version >= 2:
        n = version // 7 + 2
        bits -= (25 * n - 10) * n - 55
        if version >= 7:
            bits -= 36
    return bits // 8


def _data_codewords(version: int, ecc: str) -> int:
    """Table 7: the data codewords of a version at a level."""
    return _raw_codewords(version) - _EC_PER_BLOCK[ecc][version] * _BLOCKS[ecc][version]


def _count_bits(version: int) -> int:
    """Table 3: byte mode's character count indicator is 8 bits in versions 1-9, else 16."""
    return 8 if version < 10 else 16


def _alignment_positions(version: int) -> list[int]:
    """Annex E / Table E.1: the row and column coordinates of the alignment pattern centres,
    spaced evenly from the bottom right, the first always 6."""
    if version == 1:
        return []
    n = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + n * 2 + 1) // (n * 2 - 2) * 2
    last = _size(version) - 7
    return [6] + sorted(last - i * step for i in range(n - 1))


def _generator(degree: int) -> list[int]:
    """7.5.2 / Annex A: the generator polynomial (x - a^0)(x - a^1)...(x - a^(degree-1)), as its
    coefficients from x^(degree-1) down to x^0 (the leading 1 left out)."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            if c:
                nxt[j] ^= c
                nxt[j + 1] ^= _EXP[_LOG[c] + i]
        poly = nxt
    return poly[1:]


_GENERATORS: dict[int, list[int]] = {}


def _ec_codewords(data: list[int], degree: int) -> list[int]:
    """7.5.2: the remainder of data(x) * x^degree divided by the generator polynomial."""
    gen = _GENERATORS.get(degree)
    if gen is None:
        gen = _GENERATORS[degree] = _generator(degree)
    gen_logs = [_LOG[g] for g in gen]
    rem = [0] * degree
    for d in data:
        factor = d ^ rem[0]
        rem = rem[1:]
        rem.append(0)
        if factor:
            lf = _LOG[factor]
            rem = [r ^ _EXP[lf + g] for r, g in zip(rem, gen_logs, strict=True)]
    return rem


def _choose_version(n: int, ecc: str) -> int:
    """7.4.9 / Table 7: the smallest version whose data capacity holds ``n`` bytes in byte mode."""
    for version in range(1, 41):
        if 4 + _count_bits(version) + 8 * n <= 8 * _data_codewords(version, ecc):
            return version
    most = (8 * _data_codewords(40, ecc) - 4 - 16) // 8
    raise ValueError(f"{n} bytes is too long for a QR code at level {ecc} (at most {most} bytes)")


def _data_stream(data: bytes, version: int, ecc: str) -> list[int]:
    """7.4.2-7.4.10: mode indicator, character count, the bytes, the terminator (up to four 0
    bits), 0 bits to a byte boundary, then pad codewords 11101100 and 00010001 in turn."""
    capacity = _data_codewords(version, ecc)
    bits = (0b0100 << _count_bits(version)) | len(data)
    nbits = 4 + _count_bits(version)
    bits = (bits << 8 * len(data)) | int.from_bytes(data, "big")
    nbits += 8 * len(data)
    term = min(4, 8 * capacity - nbits)
    bits <<= term
    nbits += term
    pad = -nbits % 8
    bits <<= pad
    nbits += pad
    out = list(bits.to_bytes(nbits // 8, "big"))
    out.extend((0xEC, 0x11) * ((capacity - len(out)) // 2 + 1))
    return out[:capacity]


def _codewords(data: list[int], version: int, ecc: str) -> list[int]:
    """7.5.2 and 7.6: split the data into the blocks of Table 9 (the shorter ones first), add
    each block's error correction codewords, and interleave: the first codeword of each block,
    then the second..., the long blocks' last data codewords after the others, then likewise
    the error correction codewords."""
    nblocks = _BLOCKS[ecc][version]
    ec_len = _EC_PER_BLOCK[ecc][version]
    raw = _raw_codewords(version)
    short_len = raw // nblocks - ec_len  # data codewords of a short block
    nshort = nblocks - raw % nblocks
    blocks: list[list[int]] = []
    ecs: list[list[int]] = []
    pos = 0
    for b in range(nblocks):
        n = short_len + (b >= nshort)
        block = data[pos : pos + n]
        pos += n
        blocks.append(block)
        ecs.append(_ec_codewords(block, ec_len))
    out: list[int] = []
    for i in range(short_len + 1):
        for block in blocks:
            if i < len(block):
                out.append(block[i])
    for i in range(ec_len):
        for ec in ecs:
            out.append(ec[i])
    return out


def _bch(value: int, poly: int, poly_bits: int) -> int:
    """Annex C / D: the remainder of value * x^(poly degree) divided by the BCH generator."""
    rem = value << (poly_bits - 1)
    for shift in range(rem.bit_length() - poly_bits, -1, -1):
        if rem >> (shift + poly_bits - 1) & 1:
            rem ^= poly << shift
    return rem


def _format_bits(ecc: str, mask: int) -> int:
    """7.9 / Annex C: 5 data bits (level, mask), 10 BCH(15,5) bits with generator 10100110111,
    the 15 bits XORed with 101010000010010 (so no format is all light)."""
    data = LEVELS[ecc] << 3 | mask
    return (data << 10 | _bch(data, 0x537, 11)) ^ 0x5412


def _version_bits(version: int) -> int:
    """7.10 / Annex D: 6 bits of version, 12 BCH(18,6) bits with generator 1111100100101."""
    return version << 12 | _bch(version, 0x1F25, 13)


class _Grid:
    """A symbol being built: ``dark[y][x]`` and ``function[y][x]`` (a module that is not data)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = n = _size(version)
        self.dark = [[False] * n for _ in range(n)]
        self.function = [[False] * n for _ in range(n)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.function[y][x] = True

    def draw_function_patterns(self) -> None:
        """6.3.2-6.3.6: timing patterns on row and column 6, the three finder patterns with their
        separators, the alignment patterns (none over a finder), the dark module at (8, 4V + 9),
        and the format and version areas reserved (filled by ``draw_format``)."""
        n = self.size
        for i in range(n):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        ring = max(abs(dx), abs(dy))
                        self.set(x, y, ring not in (2, 4))
        pos = _alignment_positions(self.version)
        last = len(pos) - 1
        for i, cy in enumerate(pos):
            for j, cx in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # over a finder pattern
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0, "M")
        self.draw_version()

    def draw_format(self, mask: int, ecc: str) -> None:
        """7.9.1 / Figure 25: the 15 format bits twice, around the top-left finder and split
        between the other two (bit 0 the least significant), and the dark module."""
        bits = _format_bits(ecc, mask)
        n = self.size
        for i in range(6):
            self.set(8, i, bits >> i & 1 == 1)
        self.set(8, 7, bits >> 6 & 1 == 1)
        self.set(8, 8, bits >> 7 & 1 == 1)
        self.set(7, 8, bits >> 8 & 1 == 1)
        for i in range(9, 15):
            self.set(14 - i, 8, bits >> i & 1 == 1)
        for i in range(8):
            self.set(n - 1 - i, 8, bits >> i & 1 == 1)
        for i in range(8, 15):
            self.set(8, n - 15 + i, bits >> i & 1 == 1)
        self.set(8, n - 8, True)

    def draw_version(self) -> None:
        """7.10 / Figure 27: the 18 version bits in a 6x3 block above the bottom-left finder and
        its transpose left of the top-right finder, versions 7 and up."""
        if self.version < 7:
            return
        bits = _version_bits(self.version)
        n = self.size
        for i in range(18):
            bit = bits >> i & 1 == 1
            a, b = n - 11 + i % 3, i // 3
            self.set(a, b, bit)
            self.set(b, a, bit)

    def data_positions(self) -> list[tuple[int, int]]:
        """7.7.3 / Figure 20: the (y, x) of each module that codeword bits fill, in order: up and
        down two-module columns from the bottom right (right module first), skipping the vertical
        timing pattern and every function module."""
        n = self.size
        out: list[tuple[int, int]] = []
        right = n - 1
        upward = True
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(n):
                y = n - 1 - vert if upward else vert
                row = self.function[y]
                if not row[right]:
                    out.append((y, right))
                if not row[right - 1]:
                    out.append((y, right - 1))
            upward = not upward
            right -= 2
        return out

    def place(self, codewords: list[int]) -> None:
        """7.7.3: the codeword bits, most significant first, in the data modules' order; the
        remainder bits (7.6) stay light."""
        bits = format(int.from_bytes(bytes(codewords), "big"), f"0{8 * len(codewords)}b")
        dark = self.dark
        for (y, x), bit in zip(self.data_positions(), bits, strict=False):
            dark[y][x] = bit == "1"


_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _row_int(cells: list[bool]) -> int:
    """A row as an int, column 0 the most significant of ``len(cells)`` bits."""
    return int(bytes(cells).translate(_DIGITS), 2)


def _mask_rows(mask: int, size: int) -> list[int]:
    """7.8.2 / Table 10: the modules a data mask inverts (i the row, j the column)."""
    conds = (
        lambda i, j: (i + j) % 2 == 0,
        lambda i, j: i % 2 == 0,
        lambda i, j: j % 3 == 0,
        lambda i, j: (i + j) % 3 == 0,
        lambda i, j: (i // 2 + j // 3) % 2 == 0,
        lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
        lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
    )
    cond = conds[mask]
    # Every condition repeats every 12 rows and 6 columns: build one period and repeat it.
    period = []
    for i in range(12):
        tile = "".join("1" if cond(i, j) else "0" for j in range(6))
        period.append(int((tile * (size // 6 + 1))[:size], 2))
    return [period[i % 12] for i in range(size)]


_RUN = re.compile(r"0{5,}|1{5,}")
_DARK_RUN = re.compile("1+")
# Characters XML 1.0 does not allow (C0 controls but tab, LF and CR; surrogates; U+FFFE, U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_WHITESPACE_REFS = str.maketrans({"\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})


def _attribute_text(text: str) -> str:
    """``text`` as an attribute value that reads back as the same text: markup characters and
    quotes escaped, tab, LF and CR as character references (a parser turns the bare characters
    into spaces), and characters XML does not allow replaced by U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", text)).translate(_WHITESPACE_REFS)


def penalty(rows: list[str]) -> int:
    """7.8.3 / Table 11: the penalty score of a masked symbol, given as its rows of '0' (light)
    and '1' (dark). N1: each run of 5 + i same-colour modules in a row or column scores 3 + i.
    N2: each 2x2 block of one colour scores 3 (overlapping blocks each count, which is the
    standard's (m - 1) x (n - 1) x 3 for an m x n block). N3: each 1:1:3:1:1 (dark:light:dark:
    light:dark) pattern with 4 light modules before it, and each with 4 light modules after it,
    in a row or column scores 40. The standard leaves the scale and the quiet zone open; this
    reads them as the qrcode package does: single-module units, and only modules
    inside the symbol count as the 4 light ones. N4: 10 for each full 5% that the dark share
    departs from 50%."""
    cols = ["".join(c) for c in zip(*rows, strict=True)]
    lines = "|".join(rows + cols)  # no run or pattern crosses a "|"
    runs = _RUN.findall(lines)
    score = sum(map(len, runs)) - 2 * len(runs)
    # Neither sequence overlaps itself, so str.count finds every occurrence.
    score += 40 * (lines.count("10111010000") + lines.count("00001011101"))
    size = len(rows)
    full = (1 << size) - 1
    ints = [int(r, 2) for r in rows]
    blocks = 0
    for a, b in zip(ints, ints[1:], strict=False):
        same_dark = a & b
        same_light = ~(a | b) & full
        blocks += (same_dark & same_dark >> 1).bit_count() + (same_light & same_light >> 1).bit_count()
    score += 3 * blocks
    dark = sum(r.count("1") for r in rows)
    score += 10 * (abs(20 * dark - 10 * size * size) // (size * size))
    return score


def _rows(data: bytes | str, ecc: str, mask: int | None) -> list[str]:
    """The symbol's rows as strings of '0' (light) and '1' (dark); see ``matrix``."""
    if ecc not in LEVELS:
        raise ValueError(f"unknown QR error correction level {ecc!r}: use L, M, Q or H")
    if mask is not None and mask not in range(8):
        raise ValueError(f"unknown QR mask {mask!r}: use 0 to 7")
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    version = _choose_version(len(raw), ecc)
    grid = _Grid(version)
    grid.draw_function_patterns()
    grid.place(_codewords(_data_stream(raw, version, ecc), version, ecc))
    size = grid.size
    free = [_row_int([not f for f in row]) for row in grid.function]
    # The format modules are the only function modules that change with the mask: only the
    # rows holding them (0-8 and the last 8) are read again after each draw_format.
    format_rows = sorted(set(range(9)) | set(range(size - 8, size)))
    base = [_row_int(row) for row in grid.dark]
    best: tuple[int, list[str]] | None = None
    for m in range(8) if mask is None else (mask,):
        grid.draw_format(m, ecc)
        for y in format_rows:
            base[y] = _row_int(grid.dark[y])
        flips = _mask_rows(m, size)
        rows = [format(r ^ (f & k), f"0{size}b") for r, f, k in zip(base, free, flips, strict=True)]
        if mask is not None:
            return rows
        score = penalty(rows)
        if best is None or score < best[0]:
            best = (score, rows)
    assert best is not None
    return best[1]


def matrix(data: bytes | str, ecc: str = "M", mask: int | None = None) -> list[list[bool]]:
    """The QR code of ``data`` in byte mode (a ``str`` as UTF-8) at error correction level
    ``ecc`` (L, M, Q or H), in the smallest version that holds it: ``result[y][x]`` is True for a
    dark module, without the quiet zone. ``mask`` forces a data mask (0-7); by default the one
    with the lowest penalty (7.8.3) is chosen. Raises ValueError for data too long for version
    40 at that level, or an unknown level or mask."""
    return [[c == "1" for c in row] for row in _rows(data, ecc, mask)]


def svg(data: bytes | str, ecc: str = "M", label: str = "") -> str:
    """The QR code of ``data`` as one SVG element that scales to its box: a light square with a
    4-module quiet zone (6.3.8) and one path of dark modules, drawn with crisp edges. Presentation
    attributes only (the page's Content-Security-Policy refuses style attributes); ``label`` is
    the image's accessible name, escaped as text (never markup)."""
    rows = _rows(data, ecc, None)
    quiet = 4
    side = len(rows) + 2 * quiet
    parts: list[str] = []
    for y, line in enumerate(rows):
        for m in _DARK_RUN.finditer(line):
            w = m.end() - m.start()
            parts.append(f"M{m.start() + quiet} {y + quiet}h{w}v1h-{w}z")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img"'
        f' aria-label="{_attribute_text(label)}" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(parts)}"/></svg>'
    )
