"""A rating history as an inline SVG line chart, drawn on the server (no JavaScript).

Pure: plain values in, SVG text out (every text escaped).

>>> svg = rating_chart([ChartPoint("start", 1500, "Start: 1500"),
...                     ChartPoint("21.11.", 1662.3, "Match 1: 1662")], label="Gin rating")
>>> svg.startswith('<svg class="rating-chart"') and svg.count("<circle") == 2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 640, 200
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 12, 26
LINE, POINT, GRID, INK = "#1f6f4a", "#1f6f4a", "#d8dde6", "#667085"


@dataclass(frozen=True)
class ChartPoint:
    """One step: ``label`` under the axis (first and last only), ``value`` on the y axis,
    ``caption`` as the point's tooltip."""

    label: str
    value: float
    caption: str


def _number(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}".replace("-", "−")


def rating_chart(points: Sequence[ChartPoint], *, label: str, decimals: int = 0) -> str:
    """The points from left to right at equal distances (one per rated match), the y axis
    from the lowest to the highest value with a little room, three grid lines."""
    if not points:
        return ""
    values = [point.value for point in points]
    low, high = min(values), max(values)
    room = max((high - low) * 0.1, 1.0 if decimals else 10.0)
    low, high = low - room, high + room
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [f'<svg class="rating-chart" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
             f'aria-label="{escape(label)}" style="max-width:{WIDTH}px">',
             f"<title>{escape(label)}</title>"]
    for fraction in (0.0, 0.5, 1.0):
        value = low + room + (high - low - 2 * room) * fraction
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
                     f'y2="{y(value):.1f}" stroke="{GRID}" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="11" fill="{INK}">{_number(value, decimals)}</text>')
    line = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{LINE}" stroke-width="2" '
                 f'stroke-linejoin="round"/>')
    for index, point in enumerate(points):
        parts.append(f'<circle cx="{x(index):.1f}" cy="{y(point.value):.1f}" r="3.5" '
                     f'fill="{POINT}"><title>{escape(point.caption)}</title></circle>')
    baseline = HEIGHT - 8
    parts.append(f'<text x="{x(0):.1f}" y="{baseline}" font-size="11" fill="{INK}" '
                 f'text-anchor="start">{escape(points[0].label)}</text>')
    if len(points) > 1:
        parts.append(f'<text x="{x(len(points) - 1):.1f}" y="{baseline}" font-size="11" '
                     f'fill="{INK}" text-anchor="end">{escape(points[-1].label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


# --- A player's form and his rates (statistics pages) ---------------------------------------
# Drawn 340 units wide: in a panel on a phone (390 px) one unit is about one pixel, so 13 unit
# text stays readable; on a wide screen the chart grows to at most 520 px.

NARROW = 340
WIDEST = 520
WIN, DRAW, LOSS = "#1f6f4a", "#98a2b3", "#b42318"
OUTCOME_COLOURS = {"win": WIN, "draw": DRAW, "loss": LOSS}


@dataclass(frozen=True)
class FormPoint:
    """One match of a player's form: ``outcome`` (win, draw, loss), the point's tooltip and
    the match page it links to."""

    outcome: str
    caption: str
    href: str


def rolling_rate(outcomes: Sequence[str], window: int) -> list[float]:
    """The share of wins (a draw counts half) over the last ``window`` matches at each match.

    >>> rolling_rate(["win", "loss", "draw", "win"], 2)
    [1.0, 0.5, 0.25, 0.75]
    """
    scores = [{"win": 1.0, "draw": 0.5}.get(outcome, 0.0) for outcome in outcomes]
    rates = []
    for index in range(len(scores)):
        part = scores[max(0, index - window + 1):index + 1]
        rates.append(sum(part) / len(part))
    return rates


def form_chart(points: Sequence[FormPoint], *, label: str, window: int = 5,
               percent: Sequence[str] = ("0 %", "50 %", "100 %")) -> str:
    """The rolling win rate as a line over the matches (oldest left), and under it one square
    per match in the colour of its result, each a link to the match.

    >>> svg = form_chart([FormPoint("win", "#1 won", "/matches/1/"),
    ...                   FormPoint("loss", "#2 lost", "/matches/2/")], label="Form")
    >>> svg.count('<a href="/matches/'), "#b42318" in svg
    (2, True)
    """
    if not points:
        return ""
    left, right, top, line_h, strip = 46, 8, 10, 96, 26
    height = top + line_h + 10 + strip
    plot_w = NARROW - left - right
    slot = plot_w / len(points)

    def x(index: int) -> float:
        return left + slot * (index + 0.5)

    def y(rate: float) -> float:
        return top + line_h * (1 - rate)

    parts = [f'<svg class="stats-chart form-chart" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {NARROW} {height}" width="100%" role="img" '
             f'aria-label="{escape(label)}" style="max-width:{WIDEST}px">',
             f"<title>{escape(label)}</title>"]
    for fraction, text in zip((0.0, 0.5, 1.0), percent, strict=True):
        parts.append(f'<line x1="{left}" x2="{NARROW - right}" y1="{y(fraction):.1f}" '
                     f'y2="{y(fraction):.1f}" stroke="{GRID}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 4}" y="{y(fraction) + 4:.1f}" text-anchor="end" '
                     f'font-size="13" fill="{INK}">{escape(text)}</text>')
    rates = rolling_rate([point.outcome for point in points], window)
    line = " ".join(f"{x(i):.1f},{y(rate):.1f}" for i, rate in enumerate(rates))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{LINE}" stroke-width="2" '
                 f'stroke-linejoin="round"/>')
    size = max(min(slot * 0.8, 16.0), 3.0)
    base = top + line_h + 10
    for index, point in enumerate(points):
        colour = OUTCOME_COLOURS.get(point.outcome, DRAW)
        parts.append(f'<a href="{escape(point.href)}"><rect class="form-{point.outcome}" '
                     f'x="{x(index) - size / 2:.1f}" y="{base + (strip - size) / 2:.1f}" '
                     f'width="{size:.1f}" height="{size:.1f}" rx="2" fill="{colour}">'
                     f"<title>{escape(point.caption)}</title></rect></a>")
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class RateBar:
    """One bar: its name, the rate (0 to 1) and the text beside it (``66.7 %, 4 of 6``)."""

    label: str
    rate: float
    text: str


def rate_chart(bars: Sequence[RateBar], *, label: str) -> str:
    """Horizontal bars from 0 to 100 %, the name above each bar and the figure after it, so
    that long names (Damen-Buben-Solo) fit a phone's width.

    >>> svg = rate_chart([RateBar("Re", 0.5, "50 %"), RateBar("Kontra", 1.0, "100 %")],
    ...                  label="Win rates")
    >>> svg.count("<rect"), 'width="196.0" height="12" rx="2" fill="#1f6f4a"' in svg
    (4, True)
    """
    if not bars:
        return ""
    left, right, row = 4, 4, 38
    bar_w = NARROW - left - right - 136
    height = row * len(bars) + 4
    parts = [f'<svg class="stats-chart rate-chart" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {NARROW} {height}" width="100%" role="img" '
             f'aria-label="{escape(label)}" style="max-width:{WIDEST}px">',
             f"<title>{escape(label)}</title>"]
    for index, bar in enumerate(bars):
        top = index * row + 2
        rate = min(max(bar.rate, 0.0), 1.0)
        parts.append(f'<text x="{left}" y="{top + 12}" font-size="13" fill="{INK}">'
                     f"{escape(bar.label)}</text>")
        parts.append(f'<rect x="{left}" y="{top + 18}" width="{bar_w}" height="12" rx="2" '
                     f'fill="{GRID}"/>')
        parts.append(f'<rect x="{left}" y="{top + 18}" width="{bar_w * rate:.1f}" height="12" '
                     f'rx="2" fill="{LINE}"><title>{escape(bar.label)}: {escape(bar.text)}'
                     f"</title></rect>")
        parts.append(f'<text x="{left + bar_w + 6}" y="{top + 29}" font-size="13" '
                     f'fill="{INK}">{escape(bar.text)}</text>')
    parts.append("</svg>")
    return "".join(parts)
