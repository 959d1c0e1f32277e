"""English beside the Dutch: the designed content's names and texts in English, as data.

The Dutch in each content module stays the source (the hofreglement is Dutch); this table
gives, per section and key, the English of each Dutch text field (`name`, `text`, and a
house's `resource_action`). tests/server/test_content_english.py checks that every entry of
every section has its English here and no key is left over. Game words: geld = money,
relaties = connections, reputatie = reputation, gunst = favour, aanzien = prestige.
"""

from __future__ import annotations

from .cards import Condition

# fmt: off
ENGLISH: dict[str, dict[str, dict[str, str]]] = {
    "houses": {
        "gilde": {"name": "Guild", "resource_action": "Mutual aid"},
        "poorterij": {"name": "Burghers' Hall", "resource_action": "Keeping a stall"},
        "gasthuys": {"name": "Hospice", "resource_action": "Giving shelter"},
        "bank": {"name": "Bank", "resource_action": "Changing money"},
        "molens": {"name": "Mills", "resource_action": "Grinding grain"},
        "brouwerij": {"name": "Brewery", "resource_action": "Pouring beer"},
        "taverne": {"name": "Tavern", "resource_action": "Casting a vote"},
        "kerk": {"name": "Church", "resource_action": "Praying"},
        "bibliotheek": {"name": "Library", "resource_action": "Reading books"},
    },
    "court_actions": {
        "meesterproef": {"name": "Masterpiece", "text": "4 prestige"},
        "kapitaalbeurs": {"name": "Capital Exchange", "text": "2 prestige"},
        "zieken_verplegen": {"name": "Nursing the Sick", "text": "2 prestige"},
        "herberg_houden": {"name": "Keeping an Inn", "text": "2 prestige"},
        "kapitaal_uitlenen": {"name": "Lending Capital", "text": "2 prestige"},
        "molen_pachten": {"name": "Leasing a Mill", "text": "2 prestige"},
        "schout_zijn": {"name": "Serving as Sheriff", "text": "4 prestige"},
        "altaar_stichten": {"name": "Founding an Altar", "text": "4 prestige"},
        "handschrift_schrijven": {"name": "Writing a Manuscript", "text": "4 prestige"},
        "schatkamer": {"name": "Treasury", "text": "3 prestige and +2 money"},
        "poortrecht": {"name": "Gate Right",
                       "text": "1 prestige and a toll gate of your choice off the board"},
        "rentmeesterij": {"name": "Stewardship",
                          "text": "1 prestige and 1 money from your opponent"},
        "hofbal_geven": {"name": "Giving a Court Ball", "text": "3 prestige and +2 connections"},
        "wegen_keuren": {"name": "Inspecting Roads",
                         "text": "1 prestige and 2 extra steps in your next turn"},
        "zegel_drukken": {"name": "Pressing the Seal", "text": "1 prestige and +1 reputation"},
        "schuld_innen": {"name": "Collecting a Debt",
                         "text": "1 prestige and 1 connection from your opponent"},
        "aalmoes_geven": {"name": "Giving Alms", "text": "1 prestige"},
        "kaarsen_gieten": {"name": "Casting Candles", "text": "1 prestige"},
        "nachtwacht_houden": {"name": "Keeping the Night Watch", "text": "1 prestige"},
        "marktrecht": {"name": "Market Right", "text": "1 prestige"},
    },
    "cards": {
        "gouden_beurs": {"name": "Golden Purse", "text": "+3 money."},
        "bode_te_paard": {"name": "Mounted Messenger", "text": "+2 connections."},
        "lofrede": {"name": "Eulogy", "text": "+2 reputation."},
        "marskramer": {"name": "Pedlar", "text": "+2 money."},
        "pelgrimstocht": {"name": "Pilgrimage", "text": "+1 reputation."},
        "gildefeest": {"name": "Guild Feast", "text": "+2 connections."},
        "wegwijzer": {"name": "Signpost", "text": "2 extra steps in your next turn."},
        "vrijgeleide": {"name": "Safe Conduct", "text": "1 extra step in your next turn."},
        "tolbrief": {"name": "Toll Letter",
                     "text": "You levy toll: +1 money per toll gate on the board, at most 3."},
        "voorraadschuur": {"name": "Storehouse",
                           "text": "+1 supply in every house where a pawn of yours stands "
                                   "(at most 8)."},
        "leergeld": {"name": "Hard Lesson", "text": "+1 reputation."},
        "handelsreis": {"name": "Trade Journey", "text": "+2 money and +2 connections."},
        "schenking": {"name": "Donation", "text": "+1 money and +1 connection."},
        "zakkenroller": {"name": "Pickpocket", "text": "Take 2 money from your opponent."},
        "omkoperij": {"name": "Bribery", "text": "Take 2 connections from your opponent."},
        "roddel": {"name": "Gossip", "text": "Take 1 reputation from your opponent."},
        "valse_wissel": {"name": "Forged Bill", "text": "Take 3 money from your opponent."},
        "lastercampagne": {"name": "Smear Campaign",
                           "text": "For three turns your opponent may keep 1 card fewer "
                                   "in hand."},
        "inkwartiering": {"name": "Billeting", "text": "Your opponent loses 2 money."},
        "stadsbrand": {"name": "Town Fire", "text": "You both lose 2 money."},
        "volksfeest": {"name": "Folk Festival", "text": "You both get +1 connection."},
        "pestepidemie": {"name": "Plague", "text": "You both lose 1 reputation."},
        "strenge_winter": {"name": "Hard Winter", "text": "You both lose 1 connection."},
        "hofmaarschalk": {"name": "Court Marshal",
                          "text": "Permanent: you may keep 2 more cards in hand."},
        "lijfwacht": {"name": "Bodyguard",
                      "text": "Permanent: your opponent cannot take anything from you."},
        "rentenier": {"name": "Rentier",
                      "text": "Permanent: +1 money at the end of each of your turns."},
        "pachtheer": {"name": "Landlord",
                      "text": "Permanent: +1 connection at the end of each of your turns."},
        "beschermheer": {"name": "Patron",
                         "text": "Permanent: +1 reputation at the end of each of your turns."},
    },
    "tasks": {
        "twee_posten": {"name": "Two Posts", "text": "Have 2 trading posts."},
        "drie_posten": {"name": "Three Posts", "text": "Have 3 trading posts."},
        "vier_posten": {"name": "Four Posts", "text": "Have 4 trading posts."},
        "veelzijdig": {"name": "Versatile",
                       "text": "Have trading posts at a money, a connections and a "
                               "reputation house."},
        "drie_huizen": {"name": "Three Houses", "text": "Act at 3 different houses."},
        "vijf_huizen": {"name": "Five Houses", "text": "Act at 5 different houses."},
        "ontginner": {"name": "Pioneer", "text": "Clear 1 field."},
        "wegbereider": {"name": "Trailblazer", "text": "Clear 2 fields."},
        "zes_tegels": {"name": "Six Tiles", "text": "Rotate 6 different tiles."},
        "tien_tegels": {"name": "Ten Tiles", "text": "Rotate 10 different tiles."},
        "hoge_kringen": {"name": "High Circles",
                         "text": "Reach a high action at 2 different houses."},
        "stadsplein": {"name": "Back on the Square", "text": "Have a pawn on the Town Square."},
        "drie_huizen_bezet": {"name": "Three Houses Held",
                              "text": "Have your three pawns at 3 different houses."},
        "brugwachter": {"name": "Bridge Keeper", "text": "Have a pawn on a bridge."},
        "verre_reis": {"name": "Far Journey",
                       "text": "Have a pawn 5 or more tiles from the Town Square."},
        "tolgaarder": {"name": "Toll Collector", "text": "Have a pawn on a toll tile."},
        "ontmoeting": {"name": "Encounter",
                       "text": "Have a pawn on the same tile as a pawn of your opponent."},
        "concurrent": {"name": "Competitor",
                       "text": "Have a pawn at a house where your opponent has a trading "
                               "post."},
    },
    "events": {
        "hofbal": {"name": "Court Ball",
                   "text": "The court is in a festive mood: every threshold is one step lower "
                           "this round (13 becomes 11, 11 becomes 9). The pay stays the same."},
        "audientiedag": {"name": "Audience Day",
                         "text": "The sovereign receives everyone: every threshold is one step "
                                 "lower this round. The pay stays the same."},
        "strenge_ceremoniemeester": {
            "name": "Strict Master of Ceremonies",
            "text": "Protocol is read strictly: every threshold is one step higher this round "
                    "(9 becomes 11, 11 becomes 13). The pay stays the same."},
        "stratenmakers": {"name": "Road Menders",
                          "text": "The road menders are at work: the first rotation of a tile "
                                  "costs no step this round."},
        "landmetersdag": {"name": "Surveyors' Day",
                          "text": "Everyone may shift the roads this round: the first rotation "
                                  "of a tile is free."},
        "marktdag": {"name": "Market Day",
                     "text": "The town turns out for the market: every walking roll gives 2 "
                             "extra steps this round."},
        "processie": {"name": "Procession",
                      "text": "The procession passes through the streets: every walking roll "
                              "gives 1 extra step this round."},
        "quarantaine": {"name": "Quarantine",
                        "text": "A house closes this round: nobody can act there. Trading posts "
                                "there still give their income."},
        "rouwdag": {"name": "Day of Mourning",
                    "text": "A house is in mourning and stays closed this round: no actions. "
                            "Trading posts there still give their income."},
        "tiende": {"name": "The Tithe",
                   "text": "The tithe collector calls: both players pay 1 money (whoever has "
                           "nothing pays nothing)."},
        "hofbelasting": {"name": "Court Tax",
                         "text": "The court levies: both players pay 1 money and 1 connection "
                                 "(whoever has nothing pays nothing)."},
        "kermis": {"name": "Fair",
                   "text": "Fair in town: 4 fresh tokens come onto the board this round."},
    },
    "offices": {
        "hofmeester": {"name": "Steward", "text": "+1 step on every walking roll."},
        "wegvoogd": {"name": "Warden of Roads", "text": "The first rotation of a tile is free."},
        "kamerling": {"name": "Chamberlain", "text": "1 extra card in your hand."},
        "wisselaar": {"name": "Money Changer", "text": "A bend costs 1 favour less."},
        "landmeter": {"name": "Surveyor", "text": "Clearing costs 1 money less."},
    },
    "foundations": {
        "gildehuis": {"name": "Guildhall", "text": "2 prestige per trading post you have."},
        "reisverslag": {"name": "Travelogue",
                        "text": "2 prestige per different house where you reached a high "
                                "action."},
        "wegenbouw": {"name": "Road Building", "text": "3 prestige per field you cleared."},
        "kroniek": {"name": "Chronicle",
                    "text": "1 prestige per tile that cost you a step to rotate, at most 12."},
        "getijdenboek": {"name": "Book of Hours",
                         "text": "2 prestige per round in which you reached a high action."},
        "armenfonds": {"name": "Poor Fund", "text": "3 prestige per court office you hold."},
    },
    "tokens": {
        "verloren_beurs": {"name": "Lost Purse", "text": "+2 money"},
        "bode": {"name": "Messenger", "text": "+1 connection"},
        "zegelring": {"name": "Signet Ring", "text": "+1 reputation"},
        "gunstbrief": {"name": "Letter of Favour", "text": "+1 favour"},
        "gunstig_voorval": {"name": "Lucky Chance", "text": "+1 resource, chosen by lot"},
        "tolpoort": {"name": "Toll Gate", "text": "-1 money; if you have none, nothing is levied"},
        "herberg": {"name": "Inn", "text": "+1 connection, and this pawn rests here"},
    },
}
# fmt: on

# A card's condition on the locked court roll, in English (cards.condition_text is Dutch).
CONDITIONS: dict[str, str] = {
    "sum_at_least": "sum at least {n}",
    "sum_at_most": "sum at most {n}",
    "pair": "a pair",
    "three_of_a_kind": "three of a kind",
    "run": "{n} in a row",
    "all_odd": "all dice odd",
    "all_even": "all dice even",
    "contains": "a {n} among them",
}


def condition_text(condition: Condition) -> str:
    """The condition in English, for the card face."""
    return CONDITIONS[condition[0]].format(n=condition[1] if len(condition) > 1 else "")
