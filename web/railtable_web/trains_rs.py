"""Trains: Rising Sun at the table (issue 12): the lobby's set, board and option choices, the Route
Bonus cards beside the board, the ATTACK in progress, the words of the privacy screen and the rules
help's Rising Sun section. Pure functions of the engine's view and legal actions (no DOM here, tested
on CPython); every rule stays in the engine (py/railtable/trains, docs/actions-trains.md).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from railtable.trains.board import ALL_BOARD_IDS, CITY, load_board
from railtable.trains.cards import RISING_SUN, TRAINS, card, kingdom_names, presets
from railtable.trains.routes import route_cards

from .markup import escape
from .trains_svg import SIZE, centre, corners
from .trains_text import card_label, card_text, ui

SETS = (("trains", "Trains", "Trains"), ("rising_sun", "Rising Sun", "Rising Sun"),
        ("both", "Trains + Rising Sun", "Trains + Rising Sun"))
"""(config value, English label, French label) of the engine's ``sets`` option."""
DEFAULTS: dict[str, Any] = {"trains_sets": "trains", "trains_board": "tokyo", "trains_route_bonus": False,
                            "trains_s_start": False, "trains_kingdom": "random", "trains_picked": []}
LETTERS = "ABCDE"


def _lang() -> str:
    try:
        from .i18n import language
        return language()
    except Exception:  # noqa: BLE001 - CPython tests without the page
        return "en"


def _fr() -> bool:
    return _lang() == "fr"


# ---- the lobby -----------------------------------------------------------------------
def boards_for(players: int) -> list[str]:
    """Boards made for this many players (Rising Sun "All Aboard!" step 1, "2-Player Maps")."""
    return [b for b in ALL_BOARD_IDS if load_board(b).players[0] <= players <= load_board(b).players[1]]


def board_label(board_id: str) -> str:
    b = load_board(board_id)
    lo, hi = b.players
    count = f"{lo}" if lo == hi else f"{lo}-{hi}"
    return ui("rs_board_players", _lang(), name=b.name, count=count)


def _box_of(name: str) -> str:
    return card(name).box


def _preset_box(key: str) -> str:
    return RISING_SUN if key in presets(RISING_SUN) else TRAINS


def choices(settings: dict[str, Any], players: int) -> dict[str, Any]:
    """The lobby's current choices, each checked against what the lobby offers (unknown values: defaults)."""
    out = dict(DEFAULTS)
    for key, default in DEFAULTS.items():
        value = settings.get(key, default)
        if isinstance(default, bool):
            value = value in (True, "1", "true", "on")
        elif isinstance(default, list):
            value = [str(v) for v in value] if isinstance(value, list) else []
        else:
            value = str(value)
        out[key] = value
    if out["trains_sets"] not in {s for s, _, _ in SETS}:
        out["trains_sets"] = "trains"
    allowed = boards_for(players)
    if out["trains_board"] not in allowed:
        out["trains_board"] = allowed[0] if allowed else "tokyo"
    if out["trains_kingdom"] not in ("random", "pick", *presets(None)):
        out["trains_kingdom"] = "random"
    everything = set(kingdom_names(TRAINS)) | set(kingdom_names(RISING_SUN))
    out["trains_picked"] = [n for n in out["trains_picked"] if n in everything]
    return out


def lobby_options_html(settings: dict[str, Any], players: int) -> str:
    """Set, board (only those made for ``players``, count shown), Route Bonus cards, Chiba's "S" start,
    supply (random, a recommended set of either box, or picked card by card)."""
    lang = _lang()
    fr = lang == "fr"
    c = choices(settings, players)
    sel = ' selected'
    set_opts = "".join(f'<option value="{v}"{sel if v == c["trains_sets"] else ""}>{escape(lf if fr else le)}</option>'
                       for v, le, lf in SETS)
    board_opts = "".join(f'<option value="{b}"{sel if b == c["trains_board"] else ""}>{escape(board_label(b))}</option>'
                         for b in boards_for(players))
    def preset_label(p: dict[str, Any]) -> str:
        return str(p.get("label_fr", p["label"])) if fr else str(p["label"])

    k_opts = [("random", ui("random_8", lang), "")]
    k_opts += [(k, ui("recommended", lang, label=preset_label(p)), _preset_box(k)) for k, p in presets(None).items()]
    k_opts.append(("pick", ui("pick", lang), ""))
    kingdom_opts = "".join(
        f'<option value="{escape(k)}"{f" data-box={chr(34)}{box}{chr(34)}" if box else ""}'
        f'{sel if k == c["trains_kingdom"] else ""}>{escape(label)}</option>' for k, label, box in k_opts)
    picked = set(c["trains_picked"])
    names = sorted(kingdom_names(TRAINS) + kingdom_names(RISING_SUN), key=lambda n: card_label(n, lang))
    boxes = "".join(
        f'<label class="pick-card" data-box="{_box_of(n)}" title="{escape(card_text(n, lang), quote=True)}">'
        f'<input type="checkbox" name="trains-pick" value="{escape(n, quote=True)}"{" checked" if n in picked else ""}>'
        f'<span>{escape(card_label(n, lang))}</span> <small>{card(n).cost}</small></label>'
        for n in names)
    sets_list = "".join(
        f'<li data-box="{_preset_box(k)}"><b>{escape(preset_label(p))}</b>{" :" if fr else ":"} '
        f'{escape(", ".join(card_label(n, lang) for n in p["cards"]))}</li>'
        for k, p in presets(None).items())
    chk = " checked"

    return (
        '<fieldset class="trains-options"><legend>Trains</legend>'
        f'<label>{ui("rs_cards", lang)} <select id="trains-sets" aria-label="{ui("rs_card_sets", lang)}">'
        f'{set_opts}</select></label> '
        f'<label>{ui("lobby_board", lang)} <select id="trains-board" aria-label="{ui("lobby_board", lang)}">{board_opts}</select></label> '
        f'<label>{ui("lobby_supply", lang)} <select id="trains-kingdom" aria-label="{ui("lobby_supply", lang)}">{kingdom_opts}</select></label>'
        '<div class="trains-flags">'
        f'<label><input type="checkbox" id="trains-route-bonus"{chk if c["trains_route_bonus"] else ""}> '
        f'{ui("rs_route_bonus", lang)}</label> '
        f'<label class="s-start-option"><input type="checkbox" id="trains-s-start"{chk if c["trains_s_start"] else ""}> '
        f'{ui("rs_s_start", lang)}</label></div>'
        f'<div class="trains-picker"><p class="muted">{ui("rs_pick_hint", lang)}</p>'
        f'<div class="pick-grid">{boxes}</div></div>'
        f'<details class="trains-sets"><summary>{ui("recommended_sets", lang)}</summary><ul>{sets_list}</ul></details>'
        "</fieldset>"
    )


def config_from(c: dict[str, Any]) -> dict[str, Any]:
    """The engine's config options for lobby choices (``choices`` output)."""
    kingdom: str | list[str]
    if c["trains_kingdom"] == "pick":
        kingdom = list(c["trains_picked"])
    else:
        kingdom = c["trains_kingdom"]
    out: dict[str, Any] = {"board": c["trains_board"], "kingdom": kingdom, "sets": c["trains_sets"],
                           "route_bonus": bool(c["trains_route_bonus"])}
    if c["trains_s_start"] and load_board(c["trains_board"]).s_cities:
        out["s_start"] = True
    return out


def form_choices(form: dict[str, Any], fallback: dict[str, Any]) -> dict[str, Any]:
    """The lobby's choices from the page's form values (``dom.FORM``), ``fallback`` where a control is missing."""
    out = dict(fallback)
    for key, control in (("trains_sets", "trains-sets"), ("trains_board", "trains-board"),
                         ("trains_kingdom", "trains-kingdom"), ("trains_route_bonus", "trains-route-bonus"),
                         ("trains_s_start", "trains-s-start"), ("trains_picked", "trains-pick")):
        if control in form:
            out[key] = form[control]
    return out


URL_KEYS = {"sets": "trains_sets", "board": "trains_board", "routes": "trains_route_bonus",
            "s_start": "trains_s_start", "supply": "trains_kingdom", "cards": "trains_picked"}


def share_params(c: dict[str, Any]) -> str:
    """The choices as link parameters (``&sets=both&board=chiba...``)."""
    parts = []
    for short, key in URL_KEYS.items():
        v = c[key]
        if isinstance(v, bool):
            v = "1" if v else "0"
        elif isinstance(v, list):
            if c["trains_kingdom"] != "pick" or not v:
                continue
            v = ",".join(v)
        parts.append(f"&{short}={quote(str(v), safe='')}")
    return "".join(parts)


def url_settings(params: dict[str, str]) -> dict[str, Any]:
    """Settings named by a shared link's parameters (checked later by ``choices``)."""
    out: dict[str, Any] = {}
    for short, key in URL_KEYS.items():
        if short not in params:
            continue
        raw = unquote(params[short])[:2000]
        if key == "trains_picked":
            out[key] = [n for n in raw.split(",") if n][:8]
        elif isinstance(DEFAULTS[key], bool):
            out[key] = raw == "1"
        else:
            out[key] = raw
    return out


def link_replacements(params: dict[str, str], players: int) -> list[tuple[str, str, str]]:
    """What a shared link asks for that the lobby cannot use (an unknown set, supply or card, a
    board not made for ``players``): (link parameter, value asked, value used instead)."""
    asked = url_settings(params)
    used = choices(asked, players)
    out = []
    for short, key in URL_KEYS.items():
        if key not in asked or asked[key] == used[key]:
            continue
        if key == "trains_picked":
            dropped = [n for n in asked[key] if n not in used[key]]
            if dropped:
                out.append((short, ", ".join(dropped), ""))
        elif not isinstance(DEFAULTS[key], bool):
            out.append((short, str(asked[key]), str(used[key])))
    return out


# ---- Route Bonus cards --------------------------------------------------------------
def route_actions(legal: list[dict[str, Any]]) -> dict[str, int]:
    """Route id -> index of its ``use_route`` action in ``legal``."""
    return {a["route"]: i for i, a in enumerate(legal) if a.get("type") == "use_route"}


def _city_hexes(board_id: str, names: list[str]) -> list[int]:
    board = load_board(board_id)
    by_name = {hx.name: hx.id for hx in board.hexes if hx.terrain == CITY}
    return [by_name[n] for n in names if n in by_name]


def routes_html(view: dict[str, Any], viewer: int | None, acts: dict[str, int]) -> str:
    """The Route Bonus cards face up: letter (as marked on the board), cities (the viewer's linked ones
    ticked), VP, ability, who took it, and its ability as a button when ``use_route`` is legal."""
    routes = view.get("routes") or []
    if not routes:
        return ""
    lang = _lang()
    fr = lang == "fr"
    names = [p["name"] for p in view["players"]]
    cards_html = []
    style = []
    for k, r in enumerate(routes):
        data = route_cards()[r["id"]]
        rid = escape(r["id"], quote=True)
        linked = set(r.get("linked") or [])
        cities = "".join(
            f'<li class="{"linked" if n in linked else ""}">{escape(n)}{" ✓" if n in linked else ""}</li>'
            for n in data["cities"])
        owner = r.get("owner")
        if owner is None:
            status = ui("rs_open", lang)
            if viewer is not None:
                status += " · " + ui("rs_progress", lang, n=len(linked), of=len(data["cities"]))
        else:
            who = escape(names[owner]) if owner < len(names) else "?"
            status = (f'{ui("rs_taken_by", lang)} <b>{who}</b>'
                      + (f' · {ui("rs_used", lang)}' if r.get("used") else ""))
        ability = escape(data["text_fr"] if fr else data["text"])
        button = ""
        if r["id"] in acts:
            button = (f'<button type="button" class="use-route primary" data-act="{acts[r["id"]]}">'
                      f'{ui("rs_use", lang, ability=ability)}</button>')
        cls = "route-card" + (" taken" if owner is not None else "") + (" used" if r.get("used") else "") + (
            " mine" if owner is not None and owner == viewer else "")
        letter = LETTERS[k % len(LETTERS)]
        cards_html.append(
            f'<div class="{cls}" data-route="{rid}" tabindex="0" role="group" '
            f'aria-label="{escape(ui("rs_card_label", lang, letter=letter, cities=", ".join(data["cities"])), quote=True)}">'
            f'<div class="rc-head"><span class="rc-letter">{letter}</span>'
            f'<span class="rc-vp">{data["vp"]} VP</span></div>'
            f'<ul class="rc-cities">{cities}</ul>'
            f'<div class="rc-ability"><span class="muted">{ui("rs_ability", lang)}</span> {ability}</div>'
            f'<div class="rc-status">{status}</div>{button}</div>')
        style.append(f'.tr-table:has(.route-card[data-route="{rid}"]:is(:hover,:focus-within)) '
                     f'.route-ring[data-route="{rid}"]{{opacity:1}}')
    title = ui("rs_route_bonus", lang)
    hint = ui("rs_hover", lang)
    return (f'<h3>{title} <small class="muted">({hint})</small></h3>'
            f'<style>{"".join(style)}</style><div class="route-cards">{"".join(cards_html)}</div>')


def board_overlay_svg(view: dict[str, Any]) -> str:
    """On the board: Chiba's "S" cities, a lettered marker on each city of an open Route Bonus card (the
    rulebook's route markers, removed once the route is completed) and a ring shown while its card is hovered."""
    board_id = view["board"]
    board = load_board(board_id)
    out = ['<g class="tr-rs">']
    for h in board.s_cities:
        cx, cy = centre(board, h)
        x, y = cx - 0.58 * SIZE, cy + 0.05 * SIZE
        out.append(f'<g class="s-city"><circle cx="{x:.1f}" cy="{y:.1f}" r="6.5"/>'
                   f'<text x="{x:.1f}" y="{y + 3:.1f}">S</text>'
                   f'<title>{escape(ui("rs_s_city", _lang(), city=board.hexes[h].name))}</title></g>')
    routes = view.get("routes") or []
    count: dict[int, int] = {}
    for k, r in enumerate(routes):
        letter = LETTERS[k % len(LETTERS)]
        rid = escape(r["id"], quote=True)
        for h in _city_hexes(board_id, route_cards()[r["id"]]["cities"]):
            cx, cy = centre(board, h)
            pts = " ".join(f"{cx + (x - cx) * 0.94:.1f},{cy + (y - cy) * 0.94:.1f}" for x, y in corners(board, h))
            out.append(f'<polygon class="route-ring" data-route="{rid}" points="{pts}"/>')
            if r.get("owner") is not None:
                continue
            i = count.get(h, 0)
            count[h] = i + 1
            x, y = cx + (0, -11, 11, -22, 22)[i % 5], cy + 0.68 * SIZE
            out.append(f'<g class="route-mark" data-route="{rid}"><path d="M{x - 6:.1f} {y + 4:.1f} L{x:.1f} {y - 6:.1f} '
                       f'L{x + 6:.1f} {y + 4:.1f} Z"/><text x="{x:.1f}" y="{y + 2.6:.1f}">{letter}</text></g>')
    out.append("</g>")
    return "".join(out)


# ---- ATTACKs and Reactions ----------------------------------------------------------
def attack_html(view: dict[str, Any], viewer: int | None, outcomes: dict[int, list[str]] | None = None) -> str:
    """The ATTACK being resolved: who played which card, what it does, each player it reaches in order
    (done, deciding now, next) from the engine's ``view.attack`` (rulebook "Attacks"), and what it did
    to each of them so far (``outcomes``: the engine's log lines per player, as the viewer reads them)."""
    a = view.get("attack")
    if not a:
        return ""
    lang = _lang()
    names = [p["name"] for p in view["players"]]
    attacker = escape(names[a["attacker"]])
    cname = a.get("card") or "?"
    items = []
    for i, seat in enumerate(a["order"]):
        if i < a["done"]:
            state, cls = ui("rs_done", lang), "done"
        elif i == a["done"]:
            state, cls = ui("rs_now", lang), "now"
        else:
            state, cls = ui("rs_next", lang), "next"
        you = ui("rs_you", lang) if seat == viewer else ""
        did = "".join(f'<span class="attack-did">{escape(line)}</span>' for line in (outcomes or {}).get(seat, []))
        colon = " : " if lang == "fr" else ": "
        items.append(f'<li class="{cls}" data-seat="{seat}"><b>{escape(names[seat])}</b>{you}{colon}{state}{did}</li>')
    text = escape(card_text(cname, lang))
    head = ui("rs_attack_head", lang, attacker=attacker, card=f"<b>{escape(card_label(cname, lang))}</b>")
    order = ui("rs_attack_order", lang)
    return (f'<div class="attack-box" role="status"><div class="attack-head">{head}</div>'
            f'<div class="attack-text">{text}</div><div class="muted small">{order}</div>'
            f'<ol class="attack-order">{"".join(items)}</ol></div>')


def privacy_note(view: dict[str, Any], seat: int | None, last_attack: dict[str, Any] | None = None) -> str:
    """Why the device goes to ``seat`` now: an ATTACK or Reaction outside their turn ("Ann: Bob played
    Politician."), or back to the attacker once it is answered (``last_attack``: the ATTACK the table
    showed last, now finished)."""
    if seat is None:
        return ""
    lang = _lang()
    names = [p["name"] for p in view["players"]]
    a = view.get("attack")
    current = view.get("current")
    if a and seat != a["attacker"]:
        pending = view.get("pending") or {}
        tail = ui("rs_privacy_reaction", lang) if pending.get("kind") == "reaction" else ""
        return ui("rs_privacy_attack", lang, name=names[seat], attacker=names[a["attacker"]],
                  card=card_label(str(a.get("card")), lang)) + tail
    if not a and last_attack and seat == last_attack["attacker"] == current:
        return ui("rs_privacy_back", lang, name=names[seat], card=card_label(str(last_attack.get("card")), lang))
    pending = view.get("pending") or {}
    if pending and seat != current:
        return ui("rs_privacy_choice", lang, name=names[seat], current=names[current])
    return ""


RECONSTRUCTED = {
    "en": "Rising Sun card reconstructed by this project: no public source gives its effect, so Railtable "
          "designed it (see the rules help, Rising Sun).",
    "fr": "Carte de Rising Sun reconstituée par ce projet : aucune source publique ne donne son effet, "
          "Railtable l’a conçu (voir l’aide, Rising Sun).",
}


def reader_note(name: str) -> str:
    """The card reader's mark on a reconstructed card (docs/sources.md#trains-rising-sun)."""
    try:
        c = card(name)
    except KeyError:
        return ""
    if not c.reconstructed:
        return ""
    return f'<p class="reconstructed-note">{escape(RECONSTRUCTED["fr" if _fr() else "en"])}</p>'


# ---- the rules help ------------------------------------------------------------------
HELP_EN = """
<h2>Trains: Rising Sun</h2>
<p><b>Cards.</b> Choose <i>Rising Sun</i> or <i>Trains + Rising Sun</i> in the lobby. Rising Sun's fixed
supply has Office Building, Distribution Center and Stadium instead of Apartment, Tower and Skyscraper.
Cards marked <i>reconstructed</i> have effects designed by this project: no public source gives them.</p>
<p><b>Attacks.</b> An ATTACK affects "each other player" (or "each player", the attacker included), one
after the other from the active player clockwise. The box beside the prompt shows the order and who
decides now. When the player who must choose is another person at this device, the screen asks to pass
the device to them, shows only their hand for their choice, then asks to pass it back. A bot answers on
its own, at the bots' pace, and its answer appears in the log.</p>
<p><b>Reactions.</b> They are the only cards used in another player's turn. When another player makes an
ATTACK, every player it reaches is asked in turn, holding a Reaction or not, so nobody learns who holds
one. If you hold Legal Counsel you may reveal it: the ATTACK does not affect you and the card stays in your
hand; otherwise you answer "no Reaction". In your own turn Legal Counsel is played as usual (pay 1 money,
draw 2 cards).</p>
<p><b>Route Bonus cards</b> (optional, lobby). One card per player is dealt face up beside the board; a
lettered marker shows each card's cities on the board (point at a card, tap it or give it the focus to ring them). The first
player to link all its cities by one unbroken path of their own rails takes the card and scores its VP at
once. Its ability may be used once during a turn of yours, the turn you take it included: a <b>Use</b>
button appears on the card when it can be used. Each card shows how many of its cities your rails already link.</p>
<p><b>2-player maps.</b> Chiba and Kyushu are for 2 players only (Nagoya for 3 or 4): 16 rails each, 7 cards
per supply pile, 16 station tokens on Chiba and 19 on Kyushu. On Chiba you may agree to start on the "S"
cities (Tateyama, Kamogawa, Katsuura, marked S on the board) and build north.</p>
"""

HELP_FR = """
<h2>Trains : Rising Sun</h2>
<p><b>Cartes.</b> Choisissez <i>Rising Sun</i> ou <i>Trains + Rising Sun</i> dans le salon. La réserve fixe
de Rising Sun compte Immeuble de bureaux, Centre de distribution et Stade au lieu d’Appartement, Tour et
Gratte-ciel. Les cartes marquées <i>reconstituées</i> ont un effet conçu par ce projet : aucune source
publique ne le donne.</p>
<p><b>Attaques.</b> Une ATTAQUE touche « chaque autre joueur » (ou « chaque joueur », l’attaquant compris),
l’un après l’autre depuis le joueur actif dans le sens horaire. Le cadre près de la question montre l’ordre
et qui décide. Quand celui qui doit choisir est une autre personne à cet appareil, l’écran demande de lui
passer l’appareil, ne montre que sa main pour son choix, puis demande de le rendre. Un robot répond seul,
au rythme des robots, et sa réponse s’inscrit dans le journal.</p>
<p><b>Réactions.</b> Ce sont les seules cartes jouées pendant le tour d’un autre. Quand un autre joueur fait
une ATTAQUE, chaque joueur qu’elle touche est interrogé à son tour, qu’il ait une Réaction ou non : personne
n’apprend qui en a une. Si vous avez Legal Counsel en main, vous pouvez la révéler : l’ATTAQUE ne vous touche
pas et la carte reste dans votre main ; sinon vous répondez « pas de Réaction ». À votre tour, Legal Counsel se joue
normalement (payez 1 pièce, piochez 2 cartes).</p>
<p><b>Cartes Bonus de route</b> (option du salon). Une carte par joueur est posée face visible près du
plateau ; un marqueur à lettre montre ses villes sur le plateau (pointez, touchez ou sélectionnez une
carte pour les entourer). Le premier à relier toutes ses villes par un chemin continu de ses propres rails prend la
carte et marque aussitôt ses PV. Sa capacité sert une fois pendant un de vos tours, celui où vous la
prenez compris : un bouton <b>Utiliser</b> apparaît sur la carte quand c’est possible. Chaque carte montre combien de ses villes vos
rails relient déjà.</p>
<p><b>Plateaux à 2 joueurs.</b> Chiba et Kyushu se jouent à 2 seulement (Nagoya à 3 ou 4) : 16 rails chacun,
7 cartes par pile de la réserve, 16 gares à Chiba et 19 à Kyushu. À Chiba, vous pouvez convenir de partir
des villes « S » (Tateyama, Kamogawa, Katsuura, marquées S sur le plateau) et de bâtir vers le nord.</p>
"""


def help_html() -> str:
    """The rules help's Rising Sun section, in the page's language."""
    return HELP_FR if _fr() else HELP_EN


def uses_rising_sun(view: dict[str, Any]) -> bool:
    return view.get("sets") != "trains" or view.get("board") not in ("tokyo", "osaka") or bool(view.get("routes"))
