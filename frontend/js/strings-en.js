// Every English word the client shows: the same keys and placeholders as strings-nl.js
// (tests/client/test_catalogues.py checks). Content names come from the server's content
// endpoint in the client's language; strings.js picks this catalogue or the Dutch one.
// Game words: geld = money, relaties = connections, reputatie = reputation, gunst = favour,
// aanzien = prestige.

export const LANG = "en";

// A count with its noun: `pl(n, "step", "steps")` (a number that has not loaded, "?", is plural).
const pl = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// The game screen's sentences with a rule number take the rules' numbers `r` (content.js
// ruleNumbers(): /api/content/'s `rules`) or the number itself: none is written here.
export const T = {
  appName: "Dwaalhof",
  tagline: "Six rounds, three pawns, one road to prestige.",

  // navigation and account
  nav: { lobby: "Games", rules: "Court rules", rulesShort: "Rules", logout: "Log out", bell: "Notifications" },
  auth: {
    loginTitle: "Enter the court",
    signupTitle: "A new courtier",
    username: "Name",
    password: "Password",
    password2: "Password again",
    login: "Log in",
    signup: "Sign up",
    toSignup: "No place at court yet? Sign up.",
    toLogin: "Already signed up? Log in.",
    mismatch: "The two passwords differ.",
    bad: "Wrong name or password.",
  },

  lobby: {
    title: "Games",
    mine: "My games",
    none: "You are not playing a game yet.",
    open: "Open games",
    noneOpen: "Nobody is waiting for an opponent right now.",
    create: "New game",
    vsInvite: "Against someone you know (invitation)",
    vsOpen: "Open game: whoever wants to may join",
    vsBot: "Against the computer",
    level: "Computer level",
    levels: [["easy", "easy"], ["normal", "normal"], ["strong", "strong"]],
    start: "Start game",
    join: "Join",
    play: "Play",
    look: "Watch",
    yourTurn: "Your move",
    theirTurn: "Opponent's move",
    waiting: "Waiting for an opponent",
    finished: "Finished",
    won: "won",
    lost: "lost",
    shared: "shared win",
    inviteTitle: "Invitation",
    inviteText: "Send this link to your opponent. The game starts as soon as they join.",
    copy: "Copy link",
    copied: "Copied",
    invitedBy: (name) => `${name} invites you to a game of Dwaalhof.`,
    acceptInvite: "Accept invitation",
    against: (name) => `against ${name}`,
    round: (n, r) => `round ${n} of ${r.rounds}`,
    computer: "the computer",
    nobody: "nobody yet",
    gone: "This game has been cancelled.",
    leave: "Cancel game",
  },

  deadline: {
    days: (n) => `${n} days left`,
    hours: (n) => `${n} hours left`,
    minutes: (n) => `${n} min left`,
    over: "time is up",
  },

  notifications: {
    title: "Notifications",
    none: "No new notifications.",
    readAll: "Mark all read",
  },

  // the game screen
  phases: { draw: "Draw", walk: "Walk", actions: "Actions", roll: "Roll", over: "End" },
  phaseNo: { draw: 1, walk: 2, actions: 3, roll: 4 },
  round: (n, r) => `Round ${n}/${r.rounds}`,
  you: "You",
  onTurn: "to move",
  boardLabel: "Board",
  panelLabel: "Panel",
  pickToll: "Choose a toll gate",
  pickTollHint: "Tap a gold-glowing toll gate on the board.",
  figures: { both: "both", opponent: "opponent", self: "you" },
  condition: "condition",
  opponent: "Opponent",
  yourTurn: "Your move",
  waitFor: (name) => `${name} to move`,
  resources: { geld: "money", relaties: "connections", reputatie: "reputation", gunst: "favour" },
  resourceOne: { geld: "money", relaties: "connection", reputatie: "reputation", gunst: "favour" },
  aanzien: "prestige",
  dicePool: "dice pool",
  handSize: "cards",
  scoreNow: (s) => `Score now ${s.total}: ${s.aanzien} prestige + ${s.offices} from court offices + ${s.foundations} from foundations`,
  roles: { 1: "Merchant", 2: "Clerk", 3: "Chaplain" },
  roleShort: { 1: "Me", 2: "Cl", 3: "Ch" },
  seatColour: { 0: "blue (round)", 1: "ochre (diamond)" },

  kinds: {
    path: "Road",
    bridge: "Bridge",
    house: "House",
    plaza: "Town Square",
    water: "Lake",
    forest: "Forest",
    empty: "Empty field",
  },
  shapes: { straight: "straight road", curve: "bend", t: "T-junction", cross: "crossroads" },
  tokens: {
    beurs: ["Lost Purse", (n) => `+${n} money`],
    verloren_beurs: ["Lost Purse", (n) => `+${n} money`],
    bode: ["Messenger", (n) => `+${pl(n, "connection", "connections")}`],
    zegelring: ["Signet Ring", (n) => `+${n} reputation`],
    gunstbrief: ["Letter of Favour", (n) => `+${n} favour`],
    voorval: ["Lucky Chance", (n) => `+${pl(n, "resource", "resources")}, chosen by lot`],
    gunstig_voorval: ["Lucky Chance", (n) => `+${pl(n, "resource", "resources")}, chosen by lot`],
    tolpoort: ["Toll Gate", (n) => `−${n} money; if you have none, nothing is levied`],
    herberg: ["Inn", (n) => `+${pl(n, "connection", "connections")}, and this pawn rests here`],
  },

  // the event
  event: {
    title: "Court event",
    ofRound: (n) => `Court event of round ${n}`,
    closed: (house) => `Closed this round: ${house}.`,
    opens: (who) => (who === null ? "You open this round." : `${who} opens this round.`),
    twice: (who) => (who === null
      ? "You also played the last turn of the previous round: you now play two turns in a row. Who opens a round alternates every round; that is a choice of this site (see the rules)."
      : `${who} also played the last turn of the previous round and now plays two turns in a row. Who opens a round alternates every round; that is a choice of this site (see the rules).`),
    opponent: "Your opponent",
    seat: (n) => `Player ${n}`,
    ok: "Continue",
  },

  // buttons
  btn: {
    hand: "Hand",
    back: "Back",
    confirm: "Confirm",
    nextPlayer: "Next player",
    rollWalk: "Roll the walking dice",
    endWalk: "Done walking",
    buyStep: (r) => `Buy a step (${pl(r.step_price, "connection", "connections")})`,
    endActions: "Done with actions",
    buyDie: (cost) => `Buy a die (${cost} money)`,
    roll: "Roll",
    lock: "Lock the roll",
    settle: "Settle",
    close: "Close",
    newGame: "New game",
    rematch: "Rematch",
    toRematch: "To the rematch",
    viewBoard: "View board",
    backToScore: "Back to the result",
    resign: "Resign",
    zoom: "Larger board",
    unzoom: "Fit board",
  },

  // phase 1
  draw: {
    title: "Take one card or one task",
    tabCards: "Cards",
    tabTasks: "Tasks",
    take: "Take",
    free: "free",
    taskCost: (n) => (n === 0 ? "free" : `${n} ${n === 1 ? "connection" : "connections"}`),
    empty: "empty slot",
    maxTasks: (r) => `You hold at most ${r.max_tasks} tasks at a time.`,
    reward: (n) => `${n} prestige`,
    hint: "What you leave lies there for your opponent.",
    waitHint: "Your opponent is choosing a card or a task now. What they leave, you can take in your own turn.",
    opponentDice: (n) => `Your opponent rolls ${n} dice.`,
    done: "You have already taken this turn.",
  },

  // phase 2
  walk: {
    rollFirst: (r) => `First roll the ${r.walk_dice} walking dice.`,
    stepsLeft: (n) => `${n} ${n === 1 ? "step" : "steps"} left`,
    choosePawn: "First pick a pawn: tap it, or grab it and drag a route. Then the tiles it can reach glow gold.",
    tapGold: "Tap a gold-glowing tile. If that tile can turn, the rotate knobs appear first: tap again to walk there.",
    tapAgain: "Tap the tile again to walk there.",
    neverConnects: "This tile connects to your pawn in no position: choose another tile or another way.",
    stackedPick: "More pawns stand here. Which one do you mean?",
    planFor: (role, n) => `Route of pawn ${n}, the ${role}`,
    planEmpty: "No step planned yet.",
    costs: "Costs",
    toll: " · toll",
    relLeft: (n) => ` ${n} left`,
    gains: "On the way",
    steps: (n) => `${n} ${n === 1 ? "step" : "steps"}`,
    rel: (n) => `${n} ${n === 1 ? "connection" : "connections"}`,
    meeting: (n) => `meeting: +${pl(n, "connection", "connections")}`,
    rested: "rests at the inn",
    bought: (n, r) => `${n} of ${r.max_bought_steps} extra steps bought`,
    cross: (r) => `Crossing (${pl(r.crossing_price, "connection", "connections")})`,
    clear: (cost) => `Clear (${cost} money)`,
    cleared: (n, r) => `cleared ${n} of ${r.max_clears} times this game`,
    rotateLeft: "rotate anticlockwise",
    rotateRight: "rotate clockwise",
    finishPlanFirst: "Confirm or take back your route first.",
    restedPawn: "This pawn rests at the inn.",
    notYours: "That is your opponent's pawn.",
  },

  // phase 3
  actions: {
    title: "Choose an action for each pawn",
    noHouse: "is not at a house",
    resource: "Resource",
    court: "Court action",
    nothing: "Do nothing",
    always: "always",
    gate: "threshold",
    rate: (n, res) => `+1 ${res} per ${n} pips`,
    roleShift: (txt) => `role: ${txt}`,
    pay: (n) => `${n} prestige`,
    missFavor: (r) => `if you miss: ${r.miss_gain} favour`,
    supply: (n) => `supply ${n}`,
    uses: (n) => `uses ${n}`,
    surcharge: (r) => `opponent is there: costs ${r.opponent_surcharge} more supply`,
    needPost: "needs a trading post of your own first",
    closed: "closed this round",
    emptySupply: "supply used up",
    chosen: "chosen",
    atCourt: "At court",
    office: "Court office",
    officeCost: (n) => `${n} connections`,
    officeEnd: (r) => ` · +${r.office_end_aanzien} prestige at the end`,
    foundation: "Foundation",
    foundationCost: (n) => `${n} money`,
    worthNow: (n) => `worth ${n} prestige now`,
    held: (who) => `held by ${who}`,
    buy: "Buy",
  },

  // phase 4
  roll: {
    buyDice: "Buy dice before the roll",
    pool: (n) => `You roll ${n} ${n === 1 ? "die" : "dice"}`,
    sum: "Sum",
    bendTitle: "Bending the roll",
    bends: { reroll: "Reroll the lowest die", raise: (r) => `Lowest die +${r.raise_step}`, add: "Add a die" },
    bendCost: (n) => `${n} favour`,
    bent: (n, r) => `bent ${n} of ${r.max_bends} times`,
    favor: (n) => `you have ${n} favour`,
    openCards: "Open cards",
    noOpenCards: "No card lies open with this roll.",
    activate: "Activate",
    activeCost: (n) => `costs ${n} ${n === 1 ? "pip" : "pips"}`,
    pips: (n) => `the cards take ${n} ${n === 1 ? "pip" : "pips"} off the sum`,
    effective: (n) => `counts as ${n}`,
    result: "Result",
    discard: "Your hand is too full: discard cards down to your hand limit.",
    discardBtn: "Discard",
    hit: "reached",
    post: "trading post",
    plusAanzien: (n) => `+${n} prestige`,
    miss: (n) => `missed: ${n} favour`,
    compensation: (n) => `low roll: +${n} favour`,
    chosenActions: "Locked-in actions",
    chosenActionsHelp: "The actions you chose in phase 3; they pay out when you settle, against the sum of your roll.",
    noActions: "No actions locked in; you roll anyway.",
  },

  hand: {
    title: "Your hand",
    empty: "Your hand is empty.",
    active: "active",
    permanent: "permanent",
    once: "one-shot",
    cost: (n) => `${n} ${n === 1 ? "pip" : "pips"}`,
    limit: (n) => `hand limit ${n}`,
    you: "you",
    opp: "opponent",
    both: "both",
    tasks: "Tasks",
    offices: "Court offices",
    foundations: "Foundations",
  },

  tile: {
    title: "Tile",
    openings: "openings",
    toll: (r) => `Toll tile: entering this tile costs ${pl(r.toll_steps, "step", "steps")}.`,
    token: "Token",
    resourceAction: "Resource (always)",
    courtAction: "Court action this game",
    threshold: "threshold",
    supply: (n, r) => `Supply: ${n} of ${r.house_supply}`,
    posts: "Trading posts",
    noPosts: "none yet",
    surcharge: (r) => `Your opponent stands here: every action costs ${r.opponent_surcharge} extra supply.`,
    clear: (cost) => `Clear (${cost} money)`,
    clearHint: "Becomes a crossroads with six openings. Cannot be undone.",
    pawns: "Pawns",
    plazaText: "All your pawns start here; you only walk through it.",
    impassable: (r) => `Impassable. A crossing (${pl(r.crossing_price, "connection", "connections")}) takes you over it.`,
    emptyText: "No road: impassable and cannot be rotated.",
    bridgeText: "Fixed bridge: cannot be rotated, but you can walk over it.",
    cleared: "Cleared field",
    closed: "Closed this round (court event).",
  },

  end: {
    title: "The final score",
    winner: (name) => `${name} wins`,
    tie: "Shared win",
    total: "Total",
    // each row named by what it gives
    sources: {
      aanzien: "Prestige gathered",
      court: "Prestige from court actions",
      posts: "Prestige from trading posts",
      tasks: "Prestige from tasks",
      cards: "Prestige from cards",
      offices: "Prestige from court offices",
      foundations: "Prestige from foundations",
      premium: "Prestige from premiums",
    },
    part: "Part",
    reason: {
      end: (r) => `After ${r.rounds} rounds.`,
      resign: "Resigned.",
      timeout: "Time ran out.",
    },
    seed: "Seed of this game",
    otherAanzien: "Other prestige",
  },

  errors: {
    400: "The court did not understand that.",
    401: "Please log in first.",
    403: "You may not do that now.",
    404: "That cannot be found here.",
    409: "The board had changed meanwhile; it has been updated.",
    422: "That is not possible now.",
    429: "Slow down a little.",
    500: "Something went wrong on the court's side.",
    network: "No connection to the court. We are trying again.",
    reconnected: "The connection is back.",
  },
  loading: "One moment…",

  // accounts: email, password, deleting (issue 13)
  account: {
    title: "Your account",
    nav: "Account",
    email: "Email address",
    emailOptional: "Email address (may be empty; for notifications and a forgotten password)",
    verified: "confirmed",
    unverified: "not confirmed yet: open the link in the mail",
    pending: (addr) => `Waiting for confirmation: ${addr}. Open the link in the mail sent there.`,
    noEmail: "No email address yet.",
    resend: "Send the confirmation mail again",
    resent: "The confirmation mail is on its way.",
    changeEmail: "Change email address",
    newEmail: "New email address",
    emailSent: "A confirmation mail has been sent to the new address. The old one stays until you open it.",
    changePassword: "Change password",
    currentPassword: "Current password",
    newPassword: "New password",
    passwordChanged: "Your password has been changed.",
    save: "Save",
    forgot: "Forgot your password?",
    forgotTitle: "Forgotten password",
    forgotText: "Enter your email address. If it belongs to an account, you will get a mail with a link to choose a new password.",
    forgotSend: "Send the link",
    forgotSent: "If this address belongs to an account, the mail is on its way. Check your spam folder too.",
    resetTitle: "Choose a new password",
    resetSend: "Save password",
    resetDone: "Your password has been changed; you are logged in.",
    resetBad: "This link has expired or was already used. Ask for a new one.",
    verifyTitle: "Confirm email address",
    verifyBusy: "Confirming…",
    verifyDone: "Your email address is confirmed. Notifications by mail go here from now on.",
    verifyBad: "This confirmation link has expired or is not right.",
    deleteTitle: "Delete account",
    deleteText: "Your name, email address and password disappear. Your games remain under \"deleted player\"; running games are resigned. This cannot be undone.",
    deleteConfirm: "Enter your password to confirm",
    deleteButton: "Delete account for good",
    deleted: "Your account has been deleted.",
    profile: "My profile",
  },

  ratings: {
    rated: "Counts for the rating",
    ratedHint: "Only between players; games against the computer do not count.",
    casual: "friendly",
    ratedBadge: "rating",
    provisional: "provisional",
    short: (r, provisional) => `${r}${provisional ? "?" : ""}`,
    change: (name, before, after, diff) => `${name}: ${before} → ${after} (${diff >= 0 ? "+" : "−"}${Math.abs(diff)})`,
    title: "Rating",
    leaderboard: "Leaderboard",
    leaderboardEmpty: "Nobody has played a rated game yet.",
    rank: "#",
    player: "Player",
    games: "Games",
    range: (lo, hi) => `rating ${lo ?? "…"}–${hi ?? "…"}`,
    rangeLegend: "Rating limits for who may join (may be empty)",
    rangeMin: "From",
    rangeMax: "Up to and including",
  },

  profile: {
    joined: (d) => `at court since ${d}`,
    rating: "Rating",
    deviation: (rd) => `uncertainty ±${rd}`,
    provisionalNote: "Provisional: the rating grows surer after more games.",
    history: "Rating over time",
    noHistory: "No rated games yet.",
    graphLabel: (n, first, last) => `Graph of ${n} ratings, from ${first} to ${last}`,
    record: "Results",
    vsPeople: "against players",
    vsComputer: "against the computer",
    tally: (t) => `${t.won} won, ${t.lost} lost, ${t.shared} shared`,
    games: "Games",
    noGames: "No games yet.",
    outcome: { won: "won", lost: "lost", shared: "shared" },
    running: "in progress",
    replay: "Replay",
    watch: "Watch",
    more: "Older games",
    notFound: "This player does not exist (any more).",
  },

  chat: {
    title: "Conversation",
    open: "Conversation",
    placeholder: "Write to your opponent…",
    send: "Send",
    empty: "Nothing said yet.",
    readOnly: "You are reading along as a spectator.",
    mute: "Mute opponent",
    unmute: "Hear opponent again",
    muted: "You have muted your opponent: you do not see their messages.",
    tooFast: "You are sending too many messages in a row. Wait a moment.",
    unread: (n) => `${n} new`,
  },
};

export const RESOURCE_ORDER = ["geld", "relaties", "reputatie", "gunst"];

// A readable fallback for a content key we have no name for: "zieken_verplegen" -> "Zieken verplegen".
export function prettyKey(key) {
  if (!key) return "";
  const s = String(key).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// A paragraph with rule numbers is a function of the engine's numbers (/api/content/'s
// `rules`, flattened by pages/rules.js): none is written into the text. `list` joins numbers
// ("9, 11 {last} 13"), `each` formats a list's entries (in the catalogue check they are
// markers, shown as they are).
const list = (xs, last) => (Array.isArray(xs) ? (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} ${last} ${xs[xs.length - 1]}` : xs.join("")) : String(xs));
const each = (xs, f) => (Array.isArray(xs) ? xs.map(f) : [String(xs)]);

// The rules page in English: a summary of the hofreglement, article by article. The Dutch
// hofreglement stays the source of truth; `source` says so on the page.
export const RULES = {
  title: "The court rules in brief",
  source: "This is an English summary. The Dutch hofreglement is the source of truth: where the two differ, the Dutch text decides.",
  intro: (r) => `${r.rounds} rounds, one turn per player each round. Whoever has the most prestige after ${r.rounds} rounds wins. Everything you gather is a tool; only prestige is yours.`,
  articles: [
    ["I", "The board", [
      (r) => `${r.house_count} houses (Guild, Burghers' Hall, Hospice, Bank, Mills, Brewery, Tavern, Church, Library) lie somewhere else in every game; the Town Square is always in the middle. All your pawns start there.`,
      (r) => `Between them lie path tiles (straight, bend, T-junction, crossroads), ${list(r.lakes, "or")} lakes, some forest, empty fields and sometimes a bridge. You cannot pass through water or forest.`,
    ]],
    ["II", "The turn", [
      "Four phases: 1 Draw, 2 Walk, 3 Actions, 4 Roll. A phase moves on by itself when there is nothing left to choose; the turn itself ends only with the next player button.",
      "Space and enter work the red button, but only when exactly one is ready and you have nothing to choose.",
    ]],
    ["III", "Draw", [
      (r) => `${r.market_size} court cards lie open, shared by both players. You take one card or one task (second tab). What you leave lies there for the other.`,
      "Each round one court event is in force: shown large at the change of round, then at the top of the panel.",
    ]],
    ["IV", "Walk", [
      (r) => `Roll ${r.walk_dice} walking dice: the pips are your steps, to share freely among your ${r.pawns} pawns. You may go from tile to tile only when both have an opening to each other; those tiles glow gold.`,
      (r) => `Drag a pawn to draw a route, or tap the gold-glowing tiles. A toll tile costs ${r.toll_steps} steps. ${r.step_price} connection buys an extra step (at most ${r.max_bought_steps} per turn); ${r.crossing_price} connections buy a crossing over water or forest.`,
      (r) => `You clear an empty field next to your pawn for ${r.clear_cost} money into a crossroads (${r.max_clears} times per game). Only Confirm makes your route real.`,
    ]],
    ["V", "Rotating", [
      (r) => `Tap an adjacent path tile: only there do the rotate buttons ⟲ and ⟳ appear. The first rotation of a tile costs ${r.first_rotation_cost} step, rotating further is free. Another tap on the chosen tile moves your pawn there once the path connects.`,
    ]],
    ["VI", "Meetings and tokens", [
      (r) => `Enter a tile where your opponent stands: +${r.meeting_gain} connection (once per pawn per turn). Tokens on the path give money, connections, reputation or favour; the inn lets your pawn rest.`,
    ]],
    ["VII", "Actions at a house", [
      (r) => `For each pawn at a house you choose: the resource action (no threshold, always succeeds, the roll decides how much) or this house's court action (prestige, with threshold ${list(r.tiers, "or")} for ${list(r.tier_pays, "or")} prestige; if you miss, ${r.miss_gain} favour).`,
      (r) => `Merchant, Clerk and Chaplain shift the yield by ${r.role_shift}. Each house has ${r.house_supply} supply; an action where a pawn of your opponent stands costs ${r.opponent_surcharge} extra supply.`,
    ]],
    ["VIII", "Cards", [
      (r) => `A card lies open when your locked roll meets its condition. Activating costs ${r.card_cost_min} to ${r.card_cost_max} pips of your sum. Solid figure: you; open figure: your opponent; both: both of you.`,
    ]],
    ["IX", "The roll", [
      (r) => `One roll per turn with your whole dice pool: ${r.base_pool} dice, ${each(r.pool_steps, (s, i) => `${s.dice} from ${s.reputatie}${i ? "" : " reputation"}`).join(", ")}. You buy extra dice before the roll for ${list(r.die_prices, "and")} money.`,
      (r) => `A low roll gives favour: one per point below ${r.compensation_factor} times your number of dice, at most ${r.compensation_cap}.`,
    ]],
    ["X", "Favour and bending", [
      (r) => `After the roll you may bend it at most ${r.max_bends} times: reroll the lowest die (${r.bend_reroll} favour), lowest die +${r.raise_step} (${r.bend_raise} favour), add a die (${r.bend_add} favour). Then Lock the roll.`,
    ]],
    ["XI", "Hand limit", [
      (r) => `At the end of your turn at most ${r.hand_limit} cards in your hand; discard what is too many.`,
    ]],
    ["XII", "The board changes", [
      (r) => `Your first resource action at a house places your trading post there: ${r.post_income} resource income per turn, access to the court action, and ${r.post_bonus} prestige for whoever places the first post there. A house where nobody did anything for a whole round gets ${r.restock} supply back.`,
    ]],
    ["XIII", "The court", [
      (r) => `A court office costs ${r.office_cost} connections; there is one of each (Steward, Warden of Roads, Chamberlain, Money Changer, Surveyor) and each gives ${r.office_end_aanzien} prestige at the end.`,
      (r) => `A foundation costs ${r.foundation_first_cost} money, each next one ${r.foundation_cost_step} more, and counts at the end what you did. Tasks (${r.conveyor_size} open, the front one free, each slot further back ${r.task_slot_cost} connection) pay their prestige at the end of the turn in which the requirement is met.`,
    ]],
    ["XIV", "The final score", [
      (r) => `After ${r.rounds} rounds only prestige counts: what you gathered, plus ${r.office_end_aanzien} per court office, plus your foundations. Resources do not count. The result stays until you choose New game.`,
    ]],
  ],
};

// --- the game screen on a phone: legend, tasks in view, the event strip folded (issue 12) ---
Object.assign(T, {
  legend: {
    title: "Legend",
    supply: "supply",
    court: "court action",
    toll: (r) => `toll tile (${pl(r.toll_steps, "step", "steps")})`,
    pips: "pips: what a die shows; your sum is all pips together",
    high: "high action: a court action that reached its threshold",
    posts: "trading posts",
  },
  tasksNow: {
    title: "Your tasks",
    progress: (done, n) => `${done} of ${n}`,
    paysAtEnd: "met: pays at the end of your turn",
  },
  eventFold: {
    show: "Show the court event",
    big: "Show large",
  },
  offices: (names) => `Court office: ${names}`,
});

// --- Seeing the game: the move history, the turn summary, the replay viewer, a finished
// game's record with its dice check, and the live games.
// "You were", "Anna was": the history names the viewer "You" (T.seeing.you)
const was = (who) => (who === "You" ? "were" : "was");
T.seeing = {
  historyBtn: "History",
  historyTitle: "History of the game",
  historyEmpty: "Nothing has happened yet.",
  turnOf: (round, name) => `Round ${round} · ${name}`,
  you: "You",
  n: (n, one, many) => `${n} ${n === 1 ? one : many}`,
  entry: {
    take_card: (who, card) => (card ? `${who} took ${card} from the court market.` : `${who} took a card from the court market.`),
    take_task: (who, task, cost) => `${who} took the task ${task}${cost ? ` (${cost} ${cost === 1 ? "connection" : "connections"})` : ""}.`,
    roll_walk: (who, dice) => `${who} rolled ${dice.join(" and ")} to walk.`,
    buy_step: (who) => `${who} bought an extra step.`,
    walk: (who, role, steps, place) => `${who} walked the ${role} ${steps} ${steps === 1 ? "step" : "steps"}${place ? ` to ${place}` : ""}.`,
    rotations: (n) => `${n} ${n === 1 ? "tile" : "tiles"} rotated`,
    tokens: (names) => `found: ${names}`,
    clear: (who, role) => `${who} cleared a field with the ${role}.`,
    end_walk: (who) => `${who} ${was(who)} done walking.`,
    chooseResource: (who, role, house, action) => `${who} chose for the ${role} at ${house}: ${action}.`,
    chooseCourt: (who, role, house, action) => `${who} chose the court action ${action} for the ${role} at ${house}.`,
    chooseNone: (who, role, house) => `${who} let the ${role} at ${house} do nothing.`,
    buy_office: (who, office) => `${who} bought the court office ${office}.`,
    buy_foundation: (who, foundation) => `${who} founded ${foundation}.`,
    end_actions: (who) => `${who} ${was(who)} done with the actions.`,
    buy_die: (who) => `${who} bought an extra die.`,
    roll: (who, dice, sum) => `${who} rolled ${dice.join(" · ")} (sum ${sum}).`,
    bend: (who, kind, before, after) => `${who} bent the roll (${kind}): ${before.join(" · ")} → ${after.join(" · ")}.`,
    lock: (who, dice) => `${who} locked the roll: ${dice.join(" · ")}.`,
    activate: (who, card) => `${who} played ${card}.`,
    activateToll: (who, card) => `${who} played ${card} on a toll gate.`,
    settle: (sum, effective) => (sum === effective ? `Settled with sum ${sum}.` : `Settled with sum ${sum}, counts as ${effective}.`),
    settleResource: (role, house, amount, res) => `${role} at ${house}: +${amount} ${res}.`,
    settlePost: (n) => (n ? `Trading post placed, the first here: +${n} prestige.` : "Trading post placed."),
    settleHit: (role, action, threshold, aanzien) => `${role}: ${action} reached (threshold ${threshold}): +${aanzien} prestige.`,
    settleMiss: (role, action, threshold, gunst) => `${role}: ${action} missed (threshold ${threshold}): +${gunst} favour.`,
    compensation: (n) => `Low roll: +${n} favour.`,
    discard: (who, card) => `${who} discarded ${card}.`,
    end_turn: (who) => `${who}: next player.`,
    tasksDone: (who, tasks) => `${who} fulfilled the task ${tasks}.`,
    newRound: (n, event) => `Round ${n} begins${event ? `: ${event}` : ""}.`,
    closed: (house) => `${house} is closed this round.`,
    resign: (who) => `${who} resigned the game.`,
    timeout: (who) => `${who} let the time run out.`,
    over: (text) => `End of the game: ${text}.`,
  },
  changes: (name, parts) => `${name}: ${parts}`,
  summaryTitle: (name) => `What did ${name} do?`,
  summaryTotals: "This turn",
  summaryTotalsMany: "These turns",
  summaryTwice: (name, r1, r2) => `${String(name).charAt(0).toUpperCase()}${String(name).slice(1)} played two turns in a row: the last of round ${r1} and the first of round ${r2}. Who opens a round alternates every round (see the rules).`,
  summaryNothing: "No changes in resources or prestige.",
  summarySeen: "Seen",
  summaryMore: "Whole history",
  // the replay viewer
  replayTitle: (id) => `Replay game ${id}`,
  replayBtn: "Replay",
  replayStep: (i, n) => `Move ${i} of ${n}`,
  replayStart: "Start",
  replayEnd: "End",
  replayPrev: "Previous move",
  replayNext: "Next move",
  replayFirst: "To the start",
  replayLast: "To the end",
  replayStartState: "The starting position.",
  replaySoFar: "Your own game so far, as you saw it.",
  replayHands: "The hands after the game",
  replayHandsNow: "The hands at this moment",
  replayHandOf: (name) => `Hand of ${name}`,
  replayNoCards: "no cards",
  // a finished game's public page
  recordBtn: "Game record",
  recordTitle: (id) => `Game ${id}`,
  recordPlayers: "Players",
  recordWinner: "winner",
  recordPart: "Part",
  recordStarted: "Started",
  recordFinished: "Finished",
  recordMoves: (n) => `${n} moves in the log`,
  recordExport: "Download export (JSON)",
  recordNotFinished: "This game is not over yet; the record follows afterwards.",
  diceTitle: "Fair dice",
  diceIntro: "At the start the server published the fingerprint (SHA-256) of the secret seed. Now that the seed is revealed, your own browser checks that it matches and that every die comes from that seed.",
  diceRun: "Check again",
  diceBusy: "Checking…",
  diceCommitOk: "The seed matches the fingerprint from the start.",
  diceCommitBad: "The seed does NOT match the fingerprint from the start.",
  diceAllOk: (n) => `All ${n} dice come from the seed.`,
  diceBad: (n, total) => `${n} of the ${total} dice do NOT come from the seed.`,
  diceOk: "Correct",
  diceFail: "Incorrect",
  diceUnavailable: "Your browser cannot check here (only over https).",
  diceCommitment: "Fingerprint at the start",
  diceSeed: "Revealed seed",
  // the live games
  liveTitle: "Live now",
  liveNone: "No public game is being played right now.",
  liveWatch: "Watch",
  liveVs: (a, b) => `${a} against ${b}`,
  spectating: "You are watching: the hands stay hidden.",
};

// --- The language switch (the client's language: profile, else this browser's choice).
T.language = { label: "Language", nl: "Nederlands", en: "English" };

// --- Clocks (issue 23): time controls, the clocks on the plates, the claim after a timeout.
// The numbers (bounds, presets, the time given) come from the server; none is written here.
T.clock = {
  daysHours: (d, h) => `${d} d ${h} h`,
  hoursMinutes: (h, m) => `${h} h ${m} min`,
  unit: {
    day: (n) => pl(n, "day", "days"),
    hour: (n) => pl(n, "hour", "hours"),
    minute: (n) => pl(n, "minute", "minutes"),
    second: (n) => pl(n, "second", "seconds"),
  },
  liveBank: (n) => `${n} min`,
  liveIncrement: (n) => `${n} s`,
  max: (cap) => `max ${cap}`,
  perTurn: (d) => `${d} per turn`,
  // the new-game form
  label: "Time control",
  kinds: { live: "Live", correspondence: "Correspondence", per_turn: "Per turn" },
  custom: "Custom…",
  customLegend: "Your own time control",
  kind: "Kind",
  bank: "Time bank",
  turnTime: "Time per turn",
  increment: "Added after each turn",
  cap: "At most",
  units: { 86400: "days", 3600: "hours", 60: "minutes", 1: "seconds" },
  onTimeout: "When the time runs out",
  claim: "Opponent may claim or give time",
  auto: "Automatic loss",
  // the plates
  left: (t) => `Time left: ${t}`,
  running: "the clock is running",
  standing: "the clock stands still",
  paused: "the clock is paused",
  stopped: "the clock has stopped",
  // the claim after a timeout
  outTitle: "Time is up",
  claimText: (name) => `${name}'s time ran out. Your choice:`,
  claimWin: "Claim the win",
  giveTime: (t) => `Give more time (+${t})`,
  giveTimePlain: "Give more time",
  autoClaim: (t) => `If you do not choose, the win is claimed by itself in ${t}.`,
  yoursOut: "Your time ran out; waiting for the opponent's choice: claim the win or give you more time.",
  theirsOut: (name, other) => `${name}'s time ran out; ${other} chooses: claim the win or give more time.`,
  autoIn: (t) => `Without a choice the win is claimed by itself in ${t}.`,
};

// The rules page: the order of the turns is the site's reading of an open point (rules 2).
RULES.order = {
  title: "Who opens the round: a choice of this site",
  paras: [
    "The hofreglement says the lot decides who starts, but not who opens the later rounds. This is not hofreglement text: on this site (rules 2) who opens a round alternates every round, so the second player does not come last for six rounds.",
    "So at every change of round one player plays two turns in a row: the last of one round and the first of the next. The card of the new round says who opens, and your opponent's summary then shows both turns.",
  ],
};

// The rules page: clocks are the site's rules, not the hofreglement's.
RULES.clocks = {
  title: "Clocks: the site's rules",
  paras: [
    "The hofreglement knows no clock. How long you may think, and what happens when your time runs out, are Dwaalhof's own rules, not articles of the hofreglement. Against the computer no clock runs.",
    "Live: a time bank of minutes, with a few seconds added after each turn; your clock runs only during your own turn. Correspondence: a time bank of days, with time added after each turn, but never above the cap. Per turn: the same fixed time for every turn, afresh.",
    "Whoever starts a game chooses what happens when a clock runs out: an automatic loss, or the opponent chooses: claim the win or give more time. If they do not choose within the grace period, the win is claimed by itself, so no game hangs for ever.",
  ],
};
