"""Refusal texts in Dutch (the hofreglement's language). Keys: the refusal codes."""

from __future__ import annotations

from typing import Any

from ..content.foundations import FOUNDATIONS
from ..content.offices import OFFICES
from .by import By

TEXTS: dict[str, Any] = {
    # --- the game as a whole -----------------------------------------------------------------
    "game_over": "De partij is voorbij.",
    "auto_move": "Deze zet doet het spel zelf.",
    "auto_entry": "Hier staat een automatische zet die het spel niet deed.",
    "wrong_phase": "Dat kan nu niet: het is de fase {phase}.",
    "engine_failed": "Deze zet kan het spel nu niet uitvoeren. Kies een andere zet.",
    # --- phase 1: trekken ---------------------------------------------------------------------
    "no_card_in_slot": "Op die plek in de hofmarkt ligt geen kaart.",
    "no_task_in_slot": "Op die plek ligt geen opdracht.",
    "task_limit": "Je hebt al {max} opdrachten; meer kun je niet hebben.",
    "task_price": "Deze opdracht kost {cost} relaties; zoveel heb je niet.",
    "already_taken": "Je hebt deze beurt al een kaart of opdracht genomen.",
    # --- phase 2: lopen -----------------------------------------------------------------------
    "not_rolled": "Werp eerst de loopdobbelstenen.",
    "rolled": "Je hebt de loopdobbelstenen al geworpen.",
    "not_walking": "Lopen kan alleen in de fase lopen.",
    "resting": "Deze pion rust in de herberg tot het eind van je beurt.",
    "herberg": "In de herberg eindigt het plan: deze pion rust hier de rest van je beurt.",
    "no_move": "Een plan moet je pion minstens één hex verplaatsen.",
    "not_adjacent": "Je kunt alleen een aangrenzende hex binnenlopen.",
    "off_board": "Daar ligt geen tegel.",
    "no_opening": "Die tegels hebben geen opening naar elkaar: draai eerst een tegel.",
    "too_expensive": By(
        "what",
        {
            "steps": "Daar heb je niet genoeg stappen voor.",
            "rotation": "De eerste draai van deze tegel kost 1 stap; die heb je niet meer.",
            "crossing": "Een oversteek kost {price} relaties; zoveel heb je niet.",
        },
    ),
    "impassable": By(
        "kind",
        {
            "water": "Door water komt geen pion: loop eromheen of steek over.",
            "forest": "Door bos komt geen pion: loop eromheen of steek over.",
            "empty": "Een leeg veld is onbetreedbaar: ontgin het eerst.",
        },
    ),
    "rotate_own": "De tegel waar je pion staat draai je niet, alleen een tegel ernaast.",
    "rotate_not_adjacent": "Je kunt alleen een tegel naast je pion draaien.",
    "rotate_fixed": By(
        "kind",
        {
            "house": "Een huis ligt vast en draait niet.",
            "plaza": "Het Stadsplein ligt vast en draait niet.",
            "bridge": "Een brug ligt vast en draait niet.",
            "water": "Water kun je niet draaien, alleen een padtegel.",
            "forest": "Bos kun je niet draaien, alleen een padtegel.",
            "empty": "Een leeg veld heeft geen weg om te draaien.",
        },
    ),
    "rotate_cross": "Een kruispunt draai je niet: het is naar alle kanten open.",
    "cross_line": "Een oversteek springt over één tegel heen naar de tegel erachter, "
    "in een rechte lijn.",
    "cross_over": "Je steekt alleen over water of bos over.",
    "cross_no_road": By(
        "kind",
        {
            "water": "Een oversteek landt nooit op water: aan de overkant moet een weg liggen.",
            "forest": "Aan de overkant moet je op een weg landen.",
            "empty": "Aan de overkant moet je op een weg landen.",
        },
    ),
    "buy_max": "Je mag hoogstens {max} extra stappen per beurt kopen.",
    "buy_price": "Een extra stap kost {price} relatie; je hebt geen relaties meer.",
    "clear_max": "Je mag maar {max} keer per partij een veld ontginnen.",
    "clear_not_empty": "Alleen een leeg veld kun je ontginnen.",
    "clear_not_adjacent": "Je kunt alleen een leeg veld naast deze pion ontginnen.",
    "clear_price": "Ontginnen kost {cost} geld; zoveel heb je niet.",
    # --- phase 3: acties en het hof -----------------------------------------------------------
    "not_at_house": "Deze pion staat niet bij een huis.",
    "already_chosen": "Voor deze pion is al gekozen; een keuze is definitief.",
    "nothing_no_target": "Niets doen heeft geen doel nodig.",
    "house_closed": "Dit huis is deze ronde gesloten: hier valt niets te doen.",
    "house_empty": "De voorraad van dit huis is op: hier valt niets te doen.",
    "supply_short": "Er ligt niet genoeg voorraad meer in dit huis voor deze handeling.",
    "needs_post": "Voor de hofactie heb je hier eerst een eigen handelspost nodig.",
    "court_once": "De hofactie van dit huis doe je maar één keer per beurt.",
    "choose_toll": "Kies welke tolpoort van het bord gaat.",
    "no_toll_there": "Daar staat geen tolpoort.",
    "no_target_needed": "Deze handeling heeft geen doel nodig.",
    "unknown_office": "Dat hofambt bestaat niet.",
    "office_taken": "Het ambt {office} is al bezet: {holder} heeft het.",
    "office_price": "Een hofambt kost {cost} relaties; zoveel heb je niet.",
    "unknown_foundation": "Die stichting bestaat niet.",
    "foundation_owned": "Je hebt de stichting {foundation} al.",
    "foundation_price": "Je volgende stichting kost {cost} geld; zoveel heb je niet.",
    # --- phase 4: werpen ----------------------------------------------------------------------
    "buy_die_after_roll": "Een steen kopen kan alleen vóór je werpt.",
    "buy_die_max": "Je kunt hoogstens {max} stenen per worp kopen.",
    "dice_max": "Meer dan {max} stenen krijg je nooit.",
    "die_price": "Een extra steen kost nu {price} geld; zoveel heb je niet.",
    "already_rolled": "Je hebt al geworpen: één worp per beurt.",
    "bend_before_roll": "Werp eerst: buigen kan pas als de stenen liggen.",
    "bend_locked": "De worp ligt al vast; buigen kan niet meer.",
    "bend_max": "Je mag een worp hoogstens {max} keer buigen.",
    "raise_six": "Een zes gaat nooit hoger.",
    "add_max": "Ook met gunst komt je worp nooit boven {max} stenen.",
    "bend_price": "Deze buiging kost {cost} gunst; zoveel heb je niet.",
    "lock_before_roll": "Werp eerst: er is nog niets vast te leggen.",
    "already_locked": "De worp ligt al vast.",
    "activate_settled": "De worp is al afgerekend; kaarten spelen kan niet meer.",
    "activate_unlocked": "Leg eerst je worp vast; pas dan liggen de kaarten open.",
    "card_not_in_hand": "Die kaart heb je niet in je hand.",
    "card_active": "Deze permanente kaart is al actief.",
    "card_condition": "Je worp voldoet niet aan de voorwaarde van deze kaart.",
    "no_toll_left": "Er staat geen tolpoort meer op het bord.",
    "card_no_target": "Deze kaart heeft geen doel nodig.",
    "already_settled": "De worp is al afgerekend.",
    "settle_unlocked": "Leg eerst je worp vast; dan wordt er afgerekend.",
    "discard_unsettled": "Afleggen kan pas als de worp is afgerekend.",
    "hand_not_full": "Je hand is niet te vol: je hoeft niets af te leggen.",
    "hand_full": "Je hand is te vol: leg eerst af tot je hoogstens {limit} kaarten hebt.",
    "turn_unsettled": "Je beurt is pas klaar als de worp is afgerekend.",
    # --- malformed moves (InvalidMove) --------------------------------------------------------
    "not_a_move": "Een zet moet een JSON-object zijn.",
    "unknown_move_type": "Die zet bestaat niet.",
    "system_move": "Een speler stuurt zelf geen zet {type} zoals deze.",
    "missing_field": "Bij de zet {type} hoort het veld {field}.",
    "unexpected_field": "De zet {type} heeft geen veld {field}.",
    "malformed_field": "De zet {type} heeft een onleesbaar veld.",
    "bad_number": "{field} moet een heel getal van {lo} tot {hi} zijn.",
    "bad_hex": "{field} moet een hex [q, r] zijn.",
    "bad_name": "{field} moet een naam zijn.",
    "bad_plan": "Een plan is een lijst van {min} tot {max} stappen.",
    "bad_step": "Een stap van een plan moet een object zijn.",
    "step_op": "Een stap van een plan heeft precies één van enter, rotate of cross.",
    "step_field": "Een stap van een plan heeft geen veld {field}.",
    "bad_rotation": 'Een draai heeft "dir": "cw" of "ccw".',
    "bad_action": 'action moet "resource", "court" of null zijn.',
    "bad_bend": 'kind moet "reroll", "raise" of "add" zijn.',
    "bad_auto": "auto kan alleen true zijn.",
    "bad_seat": "Een plaats is 0, 1 of geen (toeschouwer).",
}

# Parameter values that are words, as this language says them.
NAMES: dict[str, dict[str, str]] = {
    "phase": {"draw": "trekken", "walk": "lopen", "actions": "acties", "roll": "werpen"},
    "holder": {"you": "jij", "opponent": "je tegenstander"},
    "office": {k: o.name for k, o in OFFICES.items()},
    "foundation": {k: f.name for k, f in FOUNDATIONS.items()},
}
