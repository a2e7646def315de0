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
