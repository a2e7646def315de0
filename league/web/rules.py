"""The rules of each game as pages of the site: ``docs/rules/<game>.md`` rendered (the same
document the repository keeps), followed by every rule option of the engine with its
explanation and each preset's value.

Rendering: markdown-it-py in CommonMark mode with tables, raw HTML switched off (a document
cannot inject markup) and links checked by the library. Headings get ids, so that the
document's own ``#anchors`` work; links to other documents of the repository that are not
pages of the site lose their link and keep their text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from markdown_it import MarkdownIt
from markdown_it.token import Token

from games.engines import all_engines, get_engine
from games.engines.registry import game_slugs
from league.web.rule_texts import option_help, option_label, preset_label, value_label

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"
_RULES_LINK = re.compile(r"^(?:\.\./rules/|\./)?(?P<game>[a-z-]+)\.md(?P<anchor>#.*)?$")


def _anchor(text: str) -> str:
    """The id GitHub gives a heading: lower case, spaces to dashes, punctuation dropped."""
    return slugify(text.replace(" ", "-"))


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")

    def heading_ids(state: Any) -> None:
        tokens: list[Token] = state.tokens
        for index, token in enumerate(tokens):
            if token.type in ("heading_open", "heading_close"):
                # One level down: the page's own <h1> names the game.
                token.tag = f"h{min(int(token.tag[1]) + 1, 6)}"
            if token.type == "heading_open" and index + 1 < len(tokens):
                token.attrSet("id", _anchor(tokens[index + 1].content))

    def site_links(state: Any) -> None:
        for block in state.tokens:
            for token in block.children or []:
                if token.type != "link_open":
                    continue
                href = str(token.attrGet("href") or "")
                if href.startswith(("#", "http://", "https://")):
                    continue
                found = _RULES_LINK.match(href)
                if found and found["game"] in game_slugs():
                    token.attrSet("href", reverse("rules", args=[found["game"]])
                                  + (found["anchor"] or ""))
                else:  # a file of the repository: the text stays, the link goes
                    token.tag = "span"
                    token.attrs = {"class": "doc-ref"}
        # the closing tags of the links made spans
        for block in state.tokens:
            opened: list[Token] = []
            for token in block.children or []:
                if token.type == "link_open":
                    opened.append(token)
                elif token.type == "link_close" and opened:
                    token.tag = opened.pop().tag

    md.core.ruler.push("heading_ids", heading_ids)
    md.core.ruler.push("site_links", site_links)
    return md


@functools.lru_cache(maxsize=16)
def _document(game: str, mtime: float) -> str:
    # Wide tables scroll in their own box on a phone.
    html = _markdown().render((RULES_DIR / f"{game}.md").read_text(encoding="utf-8"))
    return html.replace("<table>", '<div class="table-scroll"><table>').replace(
        "</table>", "</table></div>")


def rules_document(game: str) -> SafeString:
    """The rules document of ``game`` as HTML (cached until the file changes)."""
    path = RULES_DIR / f"{game}.md"
    return mark_safe(_document(game, path.stat().st_mtime))


def option_rows(game: str) -> list[dict[str, Any]]:
    """Every option: its label, name, explanation, and its value under each preset."""
    engine = get_engine(game)
    presets = {name: asdict(rules) for name, rules in engine.presets.items()}
    return [{"name": option["name"], "label": option_label(game, option["name"]),
             "help": option_help(game, option["name"]),
             "values": [value_label(game, option["name"], presets[name][option["name"]])
                        for name in presets]}
            for option in engine.rule_options()]


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "league/rules_index.html", {"games": list(all_engines())})


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    if game not in game_slugs() or not (RULES_DIR / f"{game}.md").exists():
        raise Http404(game)
    engine = get_engine(game)
    return render(request, "league/rules.html", {
        "game": engine, "document": rules_document(game),
        "presets": [preset_label(name) for name in engine.presets],
        "options": option_rows(game),
    })
