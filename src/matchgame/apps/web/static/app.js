"use strict";
// The page is a thin layer over the JSON API: it keeps the input text and, per mode,
// what was played or which record move is shown, and asks the server for every verdict
// and every picture. Pictures carry hooks: data-cell="ROW COL" / data-vertex="V" on
// cells and vertices (V as the graph writes its vertex: a number, or a file's label),
// data-outcome="win"|"lose", data-blocked, and data-grid="ROWS COLS" over boards too
// big for a hook a cell.

const $ = (id) => document.getElementById(id);
const RECORD_KINDS = ["noi", "walk-board", "walk-edges"];
// whether a file is a graph file is the server's to say (POST /api/input, which asks
// matchgame.inputs.input_kind as the command line does): its name or its text tells

const state = {
  mode: "explore",
  played: [], // Play: the moves so far: JSON values ([row, col], a vertex) or typed text
  steps: [], // Record: one entry per move of the record
  step: 0,
  legal: [], // Play: the legal moves of the position shown, as text
  legalMoves: [], // and as the server wrote them (JSON values)
  // a graph file's format (from `matchgame serve FILE`) or its name (a file opened
  // here): the server reads the text as the command line reads that file, since a
  // METIS or SNAP file's first line looks like matchgame's own edge list
  format: null,
  fileName: null,
};

// Work under way (requests, the engine's pending reply), as body[data-busy] for scripts
// and tests: the page is settled when it is "0".
let busy = 0;
function working(change) {
  busy += change;
  document.body.dataset.busy = String(busy);
}

// Answers can arrive out of order: only the newest request of each kind is shown.
// A refused request calls onError with the server's message (by default shown as the
// page's error); the answer is {text, headers}, or null when refused or outdated.
const latest = {};
async function request(kind, url, options, onError = showError) {
  const ticket = (latest[kind] = (latest[kind] || 0) + 1);
  let answer, text;
  working(+1);
  try {
    // the server computes only for requests carrying this header, which a page of
    // another site cannot send without the server's consent (see SECURITY.md)
    answer = await fetch(url, {
      method: "POST", ...options, headers: { "X-Matchgame-Client": "page" },
    });
    text = await answer.text();
  } catch (_) {
    if (ticket === latest[kind]) onError("the server does not answer: is matchgame serve running?");
    return null;
  } finally {
    working(-1);
  }
  if (ticket !== latest[kind]) return null;
  if (!answer.ok) {
    let message = text;
    try { message = JSON.parse(text).error; } catch (_) { /* not JSON */ }
    onError(message);
    return null;
  }
  return { text, headers: answer.headers };
}

// The answer's text only.
async function call(kind, url, options, onError = showError) {
  const answer = await request(kind, url, options, onError);
  return answer && answer.text;
}

function showError(message) {
  $("error").textContent = message ? `error: ${message}` : "";
}

function isRecord() { return RECORD_KINDS.includes($("kind").value); }
function onEdges() { return $("kind").value === "edges" || $("kind").value === "walk-edges"; }

// The games the server plays (GET /api/games): the switch is filled from them.
const games = { byName: {}, default: "vertex" };

function gameName() { return $("game").value || games.default; }
function currentGame() { return games.byName[gameName()] || { matching: true, title: "" }; }

function query(extra = {}) {
  const params = new URLSearchParams({ moves: $("moves").value, ...extra });
  if (onEdges()) params.set("edges", "1");
  // a picture's layout (a graph's; a board is drawn as its cells) and size
  if (onEdges() && $("layout").value !== "auto") params.set("layout", $("layout").value);
  if ($("size").value) params.set("size", $("size").value);
  if (gameName() !== games.default) params.set("game", gameName());
  if ($("kind").value === "edges") {
    if (state.format) params.set("format", state.format);
    else if (state.fileName) params.set("name", state.fileName);
  }
  return params.toString();
}

// A move as typed: a vertex, "ROW COL", or an arc [tail, head, key] as its ends' text then
// its key ("2 3 0"; on a board "1 2 1 3 0").
function moveText(move) { return Array.isArray(move) ? move.map(moveText).join(" ") : String(move); }

// Where the moves are arcs ([tail, head, key]), a vertex or cell clicked stands for the
// first legal arc to it; null when none is, or the moves are not arcs.
function arcTo(move) {
  const arc = state.legalMoves.find((legal) => Array.isArray(legal) && legal.length === 3
    && Number.isInteger(legal[2]) && moveText(legal[1]) === moveText(move));
  return arc === undefined ? null : arc;
}

// A move or placement typed as "ROW COL" (or "ROW,COL"): its JSON value; on a graph the
// vertex as typed (a number or a label: the server reads it as the graph names it); or null.
function parseMove(text) {
  if (onEdges()) return text.trim() || null;
  const numbers = text.trim().split(/[\s,]+/).filter(Boolean);
  if (!numbers.every((n) => /^\d+$/.test(n))) return null;
  if (numbers.length === 1) return Number(numbers[0]);
  if (numbers.length === 2) return numbers.map(Number);
  return null;
}

// "move 2", "moves 2 and 5", "moves 1, 2 and 5", or "none": a list of move numbers
// said as moves, not read as a count.
function movesSaid(numbers) {
  if (!numbers.length) return "none";
  if (numbers.length === 1) return `move ${numbers[0]}`;
  return `moves ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

function moveOf(element) {
  const text = element.dataset.cell || element.dataset.vertex;
  return element.dataset.cell ? text.split(" ").map(Number) : text;
}

// The cell under a click: a hook of its own, or a position inside a data-grid board.
function clickedCell(event) {
  const target = event.target.closest("[data-cell], [data-blocked], [data-vertex], [data-grid]");
  if (!target) return null;
  if (target.dataset.grid) {
    const [rows, cols] = target.dataset.grid.split(" ").map(Number);
    const box = target.getBoundingClientRect();
    const row = Math.floor(((event.clientY - box.top) / box.height) * rows) + 1;
    const col = Math.floor(((event.clientX - box.left) / box.width) * cols) + 1;
    return { target, cell: [Math.min(row, rows), Math.min(col, cols)] };
  }
  if (target.dataset.vertex) return { target, cell: null };
  return { target, cell: (target.dataset.cell || target.dataset.blocked).split(" ").map(Number) };
}

// -- modes ------------------------------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  for (const button of document.querySelectorAll("#tabs button")) {
    button.setAttribute("aria-selected", String(button.dataset.mode === mode));
  }
  for (const name of ["explore", "play", "record"]) $(name).hidden = name !== mode;
  refresh();
}

// Explore takes a board or an edge list, Record a record; Play either (from a record's
// step shown).
function fitModeToKind() {
  const record = isRecord();
  for (const button of document.querySelectorAll("#tabs button")) {
    const mode = button.dataset.mode;
    button.disabled = mode === "explore" ? record : mode === "record" ? !record : false;
  }
  $("play-from-here").hidden = !record;
  const [first, second] = $("side").options;
  first.textContent = bunny() ? "Bunny (white, moves first)" : "first (you place the token)";
  second.textContent = bunny() ? "Egg (black)" : "second";
  $("moves").disabled = $("kind").value === "edges" || $("kind").value === "walk-edges"
    || $("kind").value === "noi";
  // Bunny and Egg is a vertex game: its record has no other game
  if (bunny()) $("game").value = games.default;
  $("game").disabled = bunny();
  // a graph's vertices cannot be blocked: a click on one explains it
  const toggle = $("click-action").options[0];
  toggle.disabled = onEdges();
  if (onEdges()) $("click-action").value = "explain";
  $("explain-at").placeholder = $("move-text").placeholder = onEdges() ? "vertex" : "row col";
  $("layout").disabled = !onEdges(); // a board is drawn as its grid of cells
  if (record) state.mode = "record";
  if (!record && state.mode === "record") state.mode = "explore";
  setMode(state.mode);
}

function refresh() {
  showError("");
  resetView(); // a new input or mode: the whole picture again
  if (state.mode === "explore") explore();
  else if (state.mode === "play") newGame();
  else loadRecord();
}

// -- explore ------------------------------------------------------------------------

// Whatever stands on the page must be the current input's: a refused request clears
// the answer and the picture of the input before.
function clearExplore(note) {
  $("summary").textContent = "";
  $("summary").dataset.winning = "";
  clearExplorePicture(note);
}

function clearExplorePicture(note) {
  $("explore-picture").innerHTML = "";
  $("explore-note").textContent = note;
  $("matching-note").textContent = "";
  // nothing drawn: the picture's options have nothing to act on
  $("matching").disabled = $("sets").disabled = true;
}

async function explore() {
  const body = $("input").value;
  $("explanation").hidden = true; // it was of the input before
  const text = await call("placements", `/api/placements?${query()}`, { body }, (message) => {
    showError(message);
    clearExplore("");
  });
  if (text === null) return;
  const answer = JSON.parse(text);
  const wins = answer.winning_cells || answer.winning_vertices;
  const where = answer.winning_cells ? "cells" : "vertices";
  if (answer.game) { // another game than the default: its title, and no matching
    const title = currentGame().title || answer.game;
    const named = title.charAt(0).toUpperCase() + title.slice(1);
    $("summary").textContent = answer.placer_wins
      ? `${named}: the first player wins by placing the token on any of`
        + ` ${wins.length} ${where}.`
      : `${named}: the first player loses wherever the token is placed.`;
  } else {
    $("summary").textContent = answer.placer_wins
      ? `The first player wins by placing the token on any of ${wins.length} ${where}`
        + ` (maximum matching: ${answer.matching_size}).`
      : `The first player loses wherever the token is placed (maximum matching:`
        + ` ${answer.matching_size}, it covers every vertex).`;
  }
  $("summary").dataset.game = answer.game || games.default;
  $("summary").dataset.winning = String(wins.length);
  const extra = {};
  if ($("matching").checked && currentGame().matching) extra.matching = "1";
  if ($("sets").checked && currentGame().matching) extra.sets = "1";
  // a graph too big to draw: the counts above stand alone, and the page says why
  const picture = await request("explore-picture", `/api/render?${query(extra)}`, { body },
    (message) => clearExplorePicture(`No picture: ${message}. The answer above is complete;`
      + " Explain and Play take typed moves."));
  if (picture === null) return;
  $("explore-picture").innerHTML = picture.text;
  $("explore-note").textContent = "";
  // a game with no matching has no Gallai-Edmonds sets to draw either
  $("matching").disabled = $("sets").disabled = !currentGame().matching;
  // what the picture leaves out (the matching on a big board), said beside the box
  const left = picture.headers.get("X-Matchgame-Note") || "";
  $("matching-note").textContent = left ? `(${left})` : "";
  $("matching-note").dataset.notDrawn = String(Boolean(left));
}

// Why placing the token on `at` (a cell [row, col] or a vertex) wins or loses.
async function explain(at) {
  const where = Array.isArray(at) ? at.join(",") : String(at);
  const text = await call("explain", `/api/explain?${query({ at: where })}`,
    { body: $("input").value });
  if (text === null) return;
  const why = JSON.parse(text);
  $("explanation").hidden = false;
  $("explanation").dataset.at = moveText(why.vertex);
  $("explain-text").textContent = why.text;
  $("explain-picture").innerHTML = why.svg || "";
  if (!why.svg) $("explain-text").textContent += ` (${why.picture_note}.)`;
}

$("explain-button").addEventListener("click", () => {
  const at = parseMove($("explain-at").value);
  if (at === null) showError(`type a ${onEdges() ? "vertex" : "cell as ROW COL"} to explain`);
  else explain(at);
});
$("explain-at").addEventListener("keydown", (event) => {
  if (event.key === "Enter") $("explain-button").click();
});

// Block a free cell or free a blocked one, in the board text (1-based ROW COL).
function toggleCell([row, col]) {
  const lines = $("input").value.split("\n");
  let header = 0;
  while (header < lines.length && lines[header].trim() === "") header += 1;
  const index = header + row;
  const line = lines[index];
  if (line === undefined || col < 1 || col > line.length) return false;
  const next = line[col - 1] === "." ? "#" : ".";
  lines[index] = line.slice(0, col - 1) + next + line.slice(col);
  $("input").value = lines.join("\n");
  return true;
}

$("explore-picture").addEventListener("click", (event) => {
  const hit = clickedCell(event);
  if (!hit) return;
  if ($("click-action").value === "explain") {
    explain(hit.cell || hit.target.dataset.vertex);
    return;
  }
  if (!hit.cell || $("kind").value !== "board") return;
  if (toggleCell(hit.cell)) explore();
});

// -- play -------------------------------------------------------------------------------

function yourTurn(movesPlayed) {
  return (movesPlayed % 2 === 0) === ($("side").value === "first");
}

// Playing from a record starts after the record's moves up to the step shown.
function movesBefore() { return isRecord() ? state.step : 0; }
function bunny() { return $("kind").value === "noi"; }

function newGame() {
  state.played = [];
  showPosition();
}

// The body and query flags of /api/position and /api/hint for the game shown.
function positionRequest() {
  const payload = { input: $("input").value, played: state.played };
  const extra = {};
  if (isRecord()) {
    payload.record_moves = state.step;
    extra[bunny() ? "noi" : "record"] = "1";
  }
  return { payload, extra };
}

// A refused position: nothing of the game before may stay (its board, its moves).
function clearGame() {
  state.legal = [];
  state.legalMoves = [];
  listLegalMoves([]);
  for (const id of ["play-picture", "play-note", "turn", "verdict", "moves-played"]) {
    $(id).textContent = "";
  }
}

// The legal moves to pick from; past MAX_LISTED they are typed (a 300x300 board has
// tens of thousands).
const MAX_LISTED = 2000;
function listLegalMoves(moves) {
  const select = $("legal-moves");
  select.textContent = "";
  select.add(new Option(moves.length > MAX_LISTED
    ? `(${moves.length} legal moves: the first ${MAX_LISTED})`
    : `(${moves.length} legal move${moves.length === 1 ? "" : "s"})`, ""));
  for (const move of moves.slice(0, MAX_LISTED)) select.add(new Option(move, move));
}

async function showPosition() {
  $("game-result").textContent = "";
  $("game-result").dataset.winner = "";
  const { payload, extra } = positionRequest();
  extra.picture = "1";
  const text = await call("position", `/api/position?${query(extra)}`,
    { body: JSON.stringify(payload) }, (message) => {
      showError(message);
      clearGame();
    });
  if (text === null) return;
  const position = JSON.parse(text);
  state.legalMoves = position.legal_moves;
  state.legal = position.legal_moves.map(moveText);
  listLegalMoves(state.legal);
  // a graph too big to draw: no picture (never the game before's), and why
  $("play-picture").innerHTML = position.svg || "";
  $("zoom-controls").hidden = !position.svg;
  $("play-note").textContent = position.svg ? ""
    : `${position.picture_note.replace(/^no/, "No")}: type your move or pick it from the list.`;
  applyView();
  $("moves-played").textContent = state.played.length
    ? `Moves: ${state.played.map((move, i) => `${movesBefore() + i + 1}. ${moveText(move)}`
      + ` (${yourTurn(movesBefore() + i) ? "you" : "engine"})`).join(", ")}`
    : (movesBefore() ? `From move ${movesBefore()} of the record.` : "");
  if (position.used) { // the edge game: the edges used up, drawn as used in the picture
    const said = $("moves-played").textContent;
    $("moves-played").textContent = `${said}${said ? "; e" : "E"}dges used: ${position.used.length}.`;
    $("moves-played").dataset.used = String(position.used.length);
  }
  const mine = yourTurn(position.moves_played);
  if (position.game_over) {
    const winner = mine ? "engine" : "you";
    $("game-result").textContent = winner === "you"
      ? "You win: the engine cannot move." : "The engine wins: you cannot move.";
    $("game-result").dataset.winner = winner;
    $("turn").textContent = "";
    $("verdict").textContent = "";
    return;
  }
  if (!mine) {
    $("turn").textContent = "The engine is thinking...";
    state.played.push(position.best_move);
    working(+1);
    setTimeout(() => { // long enough to see the engine's move arrive
      working(-1);
      showPosition();
    }, 250);
    return;
  }
  const placing = position.token === null;
  $("turn").textContent = bunny()
    ? `Your move: slide a ${position.to_move === "first" ? "white" : "black"} piece into the`
      + ` empty cell ${moveText(position.token)} (click a green or pink cell).`
    : placing
      ? `Your move: place the token on any ${onEdges() ? "vertex" : "cell"}`
        + `${position.svg ? ` (green ${onEdges() ? "vertices" : "cells"} win for you)` : ""}.`
      : `Your move: move the token from ${moveText(position.token)} to a neighbouring`
        + `${position.svg ? " green or pink" : ""} ${onEdges() ? "vertex" : "cell"}`
        + `${position.used ? " along an unused edge" : ""}.`;
  $("turn").dataset.moves = String(position.legal_moves.length);
  showVerdict(position);
}

function showVerdict(position) {
  const verdict = $("verdict");
  verdict.dataset.moverWins = String(position.mover_wins);
  verdict.dataset.hint = ""; // a hint is of the position it was asked in
  verdict.dataset.bestMove = moveText(position.best_move);
  if (!$("show-verdict").checked) {
    verdict.textContent = "";
    return;
  }
  const how = bunny() ? "slide the piece on" : position.token === null ? "place the token on" : "move to";
  verdict.textContent = position.mover_wins
    ? `You are winning: ${how} ${moveText(position.best_move)}.`
    : "You are losing: every move loses against best play.";
}

// Play `move` if it is your turn and the move is legal; says so when it is not.
function playMove(move) {
  const total = movesBefore() + state.played.length;
  if (!yourTurn(total) || $("game-result").dataset.winner) return;
  if (!state.legal.includes(moveText(move))) {
    const arc = arcTo(move); // a vertex clicked where the moves are arcs
    if (arc === null) {
      showError(`${moveText(move)} is not a legal move here`);
      return;
    }
    move = arc;
  }
  showError("");
  $("move-text").value = ""; // a hint or a typed move is of the position before
  state.played.push(move);
  showPosition();
}

$("play-picture").addEventListener("click", (event) => {
  if (view.dragged) return; // the end of a drag, not a move
  const hooked = event.target.closest("[data-outcome]");
  let move = hooked ? moveOf(hooked) : null;
  if (!hooked) { // a big board: one hook for all its cells; only legal moves count
    const hit = clickedCell(event);
    if (hit && hit.cell && (state.legal.includes(moveText(hit.cell)) || arcTo(hit.cell))) {
      move = hit.cell;
    }
  }
  if (move !== null) playMove(move);
});

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const move = parseMove($("move-text").value);
  if (move === null) {
    showError(`type your move as ${onEdges() ? "a vertex" : "ROW COL"}`);
    return;
  }
  playMove(move);
});
$("legal-moves").addEventListener("change", () => {
  const move = parseMove($("legal-moves").value);
  if (move !== null) playMove(move);
});

// A winning move, or when there is none the best defence (the move leaving the engine
// the fewest winning replies), as the terminal play's hint.
$("hint").addEventListener("click", async () => {
  const verdict = $("verdict");
  for (const marked of document.querySelectorAll(".hinted")) marked.classList.remove("hinted");
  const { payload, extra } = positionRequest();
  const asked = state.played.length;
  const text = await call("hint", `/api/hint?${query(extra)}`, { body: JSON.stringify(payload) });
  if (text === null || state.played.length !== asked) return; // a move was played meanwhile
  const hint = JSON.parse(text);
  if (hint.move === null) return;
  const best = moveText(hint.move);
  // where the move goes: its cell or vertex (an arc's head)
  const arc = Array.isArray(hint.move) && hint.move.length === 3 && Number.isInteger(hint.move[2]);
  const to = arc ? hint.move[1] : hint.move;
  const key = Array.isArray(to) ? "data-cell" : "data-vertex";
  const target = $("play-picture").querySelector(`[${key}="${CSS.escape(moveText(to))}"]`);
  if (target) target.classList.add("hinted");
  $("move-text").value = best; // ready to play without a picture too
  verdict.dataset.hint = best;
  const replies = `${hint.winning_replies} winning repl${hint.winning_replies === 1 ? "y" : "ies"}`;
  verdict.textContent = hint.winning
    ? `Hint: ${best} wins.`
    : `No winning move: with best play the engine wins. Best defence: ${best}`
      + ` (it leaves the engine the fewest winning replies: ${replies}).`;
});

// -- zoom and pan (Play) ------------------------------------------------------------
// The picture is scaled and moved by a CSS transform; clicks still find their cell,
// since getBoundingClientRect (clickedCell) and hit testing both follow the transform.

const view = { scale: 1, x: 0, y: 0, dragged: false, pointers: new Map() };
const MAX_ZOOM = 40;
const DRAG_PIXELS = 5; // a pointer moved further than this pans instead of playing

function clamp(value, low, high) { return Math.min(Math.max(value, low), high); }

function applyView() {
  const box = $("play-picture");
  const svg = box.querySelector("svg");
  box.dataset.zoom = String(view.scale);
  // a finger scrolls the page over the whole picture, pans a zoomed one
  box.style.touchAction = view.scale > 1 ? "none" : "pan-x pan-y";
  if (!svg) return;
  // keep the picture covering the box: no panning it out of sight
  const width = svg.clientWidth || box.clientWidth;
  const height = svg.clientHeight || box.clientHeight;
  view.x = clamp(view.x, width * (1 - view.scale), 0);
  view.y = clamp(view.y, height * (1 - view.scale), 0);
  svg.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

function resetView() {
  Object.assign(view, { scale: 1, x: 0, y: 0 });
  applyView();
}

// Zoom by `factor` keeping the point under (clientX, clientY) in place.
function zoomAt(factor, clientX, clientY) {
  const box = $("play-picture").getBoundingClientRect();
  const x = clientX - box.left;
  const y = clientY - box.top;
  const scale = clamp(view.scale * factor, 1, MAX_ZOOM);
  view.x = x - (x - view.x) * (scale / view.scale);
  view.y = y - (y - view.y) * (scale / view.scale);
  view.scale = scale;
  applyView();
}

function zoomCentre(factor) {
  const box = $("play-picture").getBoundingClientRect();
  const svg = $("play-picture").querySelector("svg");
  const width = Math.min(box.width, svg ? svg.clientWidth : box.width);
  const height = Math.min(box.height, svg ? svg.clientHeight : box.height);
  zoomAt(factor, box.left + width / 2, box.top + height / 2);
}

$("zoom-in").addEventListener("click", () => zoomCentre(2));
$("zoom-out").addEventListener("click", () => zoomCentre(0.5));
$("zoom-reset").addEventListener("click", resetView);
$("play-picture").addEventListener("wheel", (event) => {
  if (!event.ctrlKey) return; // a plain wheel scrolls the page (a touchpad pinch sets ctrlKey)
  event.preventDefault();
  zoomAt(Math.exp(-event.deltaY / 200), event.clientX, event.clientY);
}, { passive: false });
$("play-picture").addEventListener("pointerdown", (event) => {
  view.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (view.pointers.size === 1) {
    view.dragged = false;
    view.start = { x: event.clientX, y: event.clientY };
  }
});
$("play-picture").addEventListener("pointermove", (event) => {
  const last = view.pointers.get(event.pointerId);
  if (!last) return;
  const now = { x: event.clientX, y: event.clientY };
  if (view.pointers.size === 2) { // pinch: zoom by the change of the fingers' distance
    const [other] = [...view.pointers].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    const before = Math.hypot(last.x - other.x, last.y - other.y);
    const after = Math.hypot(now.x - other.x, now.y - other.y);
    if (before > 0) zoomAt(after / before, (now.x + other.x) / 2, (now.y + other.y) / 2);
    view.dragged = true;
  } else if (view.dragged
    || Math.hypot(now.x - view.start.x, now.y - view.start.y) > DRAG_PIXELS) {
    view.dragged = true;
    $("play-picture").classList.add("panning");
    view.x += now.x - last.x;
    view.y += now.y - last.y;
    applyView();
  }
  view.pointers.set(event.pointerId, now);
});
for (const end of ["pointerup", "pointercancel"]) {
  window.addEventListener(end, (event) => {
    view.pointers.delete(event.pointerId);
    $("play-picture").classList.remove("panning");
  });
}

$("undo").addEventListener("click", () => {
  // the engine's moves before your first one stay
  const first = yourTurn(movesBefore()) ? 0 : 1;
  if (state.played.length <= first) return;
  do state.played.pop();
  while (state.played.length > first && !yourTurn(movesBefore() + state.played.length));
  showPosition();
});

$("new-game").addEventListener("click", newGame);
$("side").addEventListener("change", newGame);
$("show-verdict").addEventListener("change", () => {
  if (yourTurn(movesBefore() + state.played.length)) showPosition();
});
$("play-from-here").addEventListener("click", () => {
  // you take the side to move at this step
  $("side").value = state.step % 2 === 0 ? "first" : "second";
  setMode("play");
});

// -- records -------------------------------------------------------------------------

function clearRecord() {
  state.steps = [];
  state.step = 0;
  $("record-moves").tBodies[0].textContent = "";
  $("step").max = "0";
  $("step").value = "0";
  for (const id of ["record-picture", "move-note", "mistakes-so-far", "step-label"]) {
    $(id).textContent = "";
  }
}

async function loadRecord() {
  const noi = $("kind").value === "noi";
  const body = $("input").value;
  const url = noi ? "/api/mistakes" : `/api/annotate?${query()}`;
  const text = await call("record", url, { body }, (message) => {
    showError(message);
    clearRecord(); // no moves or picture of the record before
  });
  if (text === null) return;
  const answer = JSON.parse(text);
  state.steps = answer.moves.map((move) => noi
    ? {
      label: `${move.player[0]}${move.round}`,
      who: `${move.player}'s move in round ${move.round}`,
      player: move.player,
      number: move.round,
      cell: move.move,
      mistake: move.mistake,
      better: move.mistake ? move.winning_move : null,
    }
    : {
      label: String(move.number),
      who: `the ${move.player} player's ${move.number === 1 ? "placement" : "move"}`,
      player: move.player,
      number: move.number,
      cell: move.move,
      mistake: move.mistake,
      better: move.mistake ? move.winning_move : null,
    });
  const rows = state.steps.map((step, i) =>
    `<tr data-step="${i + 1}" class="${step.mistake ? "mistake" : ""}"><td>${step.label}</td>`
    + `<td>${step.player}</td><td>${moveText(step.cell)}</td>`
    + `<td>${step.mistake ? "mistake" : ""}</td></tr>`);
  $("record-moves").tBodies[0].innerHTML = rows.join("");
  $("record-moves").tHead.rows[0].cells[2].textContent = onEdges() ? "vertex" : "cell";
  $("step").max = String(state.steps.length);
  showStep(0);
}

async function showStep(step) {
  step = Math.max(0, Math.min(step, state.steps.length));
  state.step = step;
  $("step").value = String(step);
  $("step-label").textContent = `${step} / ${state.steps.length}`;
  for (const row of $("record-moves").tBodies[0].rows) {
    row.classList.toggle("current", Number(row.dataset.step) === step);
  }
  const shown = state.steps.slice(0, step);
  const current = shown[step - 1];
  $("move-note").textContent = !current
    ? `The start: ${state.steps.length} moves to step through (arrow keys work too).`
    : `${current.label}, ${current.who}: ${moveText(current.cell)}`
      + (current.mistake
        ? ` is a mistake: it throws a won position away; ${moveText(current.better)} would have kept the win.`
        : ".");
  const noi = $("kind").value === "noi";
  const players = noi ? ["Bunny", "Egg"] : ["first", "second"];
  const found = players.map((player) => shown
    .filter((s) => s.player === player && s.mistake).map((s) => s.number));
  $("mistakes-so-far").textContent = players
    .map((player, i) => `${noi ? player : `The ${player} player`}'s mistakes so far:`
      + ` ${movesSaid(found[i])}`)
    .join(". ") + (noi ? " (numbered by round, as the NOI answer counts them)." : ".");
  $("mistakes-so-far").dataset.first = found[0].join(" ");
  $("mistakes-so-far").dataset.second = found[1].join(" ");
  const url = noi ? `/api/render/record?upto=${step}` : `/api/render/walk?${query({ upto: step })}`;
  const svg = await call("record-picture", url, { body: $("input").value }, (message) => {
    $("record-picture").textContent = `No picture: ${message}.`; // never the step before's
  });
  if (svg !== null) $("record-picture").innerHTML = svg;
}

$("step").addEventListener("input", () => showStep(Number($("step").value)));
$("step-first").addEventListener("click", () => showStep(0));
$("step-back").addEventListener("click", () => showStep(state.step - 1));
$("step-forward").addEventListener("click", () => showStep(state.step + 1));
$("step-last").addEventListener("click", () => showStep(state.steps.length));
$("record-moves").addEventListener("click", (event) => {
  const row = event.target.closest("tr[data-step]");
  if (row) showStep(Number(row.dataset.step));
});
document.addEventListener("keydown", (event) => {
  // the text and the slider handle their own keys
  if (state.mode !== "record" || ["TEXTAREA", "INPUT", "SELECT"].includes(event.target.tagName)) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) showStep(state.step + moves[event.key]);
  else if (event.key === "Home") showStep(0);
  else if (event.key === "End") showStep(state.steps.length);
});

// -- the input -----------------------------------------------------------------------

function setSource(text, kind, moves, format = null, game = null) {
  $("input").value = text;
  clearTyped();
  $("upload").value = ""; // the file picked before is not this input
  $("kind").value = kind;
  if (game) $("game").value = game;
  state.format = format;
  state.fileName = null;
  $("moves").value = moves || "orthogonal";
  fitModeToKind();
}

// What was typed for the input before (a move, a vertex to explain) is no part of a new one.
function clearTyped() {
  $("move-text").value = "";
  $("explain-at").value = "";
}

async function loadExample(name) {
  working(+1);
  try {
    const answer = await fetch(`/api/examples/${name}`);
    if (!answer.ok) return showError((await answer.json()).error);
    setSource(await answer.text(), answer.headers.get("X-Matchgame-Kind"),
      answer.headers.get("X-Matchgame-Moves"), answer.headers.get("X-Matchgame-Format"));
  } finally {
    working(-1);
  }
}

$("example").addEventListener("change", () => {
  if ($("example").value) loadExample($("example").value);
});
// an edited text is no longer the example named above it
const forgetExample = () => { $("example").value = ""; };
$("input").addEventListener("input", forgetExample);
$("kind").addEventListener("change", () => {
  forgetExample();
  state.format = state.fileName = null; // the text is now read as the kind chosen
  fitModeToKind();
});
$("moves").addEventListener("change", refresh);
$("game").addEventListener("change", refresh);
$("apply").addEventListener("click", refresh);
$("matching").addEventListener("change", explore);
// a picture's layout or size: the pictures of what is shown again, nothing else reset
function redraw() {
  showError("");
  if (state.mode === "explore") explore();
  else if (state.mode === "play") showPosition();
  else showStep(state.step);
}
$("layout").addEventListener("change", redraw);
$("size").addEventListener("change", redraw);
$("sets").addEventListener("change", explore);
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  working(+1); // reading the file is work under way too, until its requests start
  try {
    forgetExample();
    const text = await file.text();
    $("input").value = text;
    clearTyped();
    state.format = null;
    state.fileName = file.name;
    $("text-panel").open = true;
    // a graph file (by its name or its text: a Matrix Market banner, NetworkX's edge
    // list ...) is read as a graph: the server says so as it reads it
    const found = await call("input", `/api/input?${new URLSearchParams({ name: file.name })}`,
      { body: text });
    if (found !== null && JSON.parse(found).graph) {
      $("kind").value = "edges";
      fitModeToKind();
    }
    refresh();
  } finally {
    working(-1);
  }
});
for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => setMode(button.dataset.mode));
}

// The menus (GET /api/menus): the Input menu's kinds and graph formats, the layouts
// of graph pictures and their sizes, and the API's endpoints for the footer, from
// the tables the command line's options come from.
async function loadMenus() {
  const menus = await (await fetch("/api/menus")).json();
  const kind = $("kind");
  kind.innerHTML = "";
  for (const { value, label } of menus.inputs) kind.add(new Option(label, value));
  const layout = $("layout");
  layout.innerHTML = "";
  for (const name of menus.layouts) layout.add(new Option(name, name));
  $("size").min = String(menus.min_size);
  $("size").max = String(menus.max_size);
  $("endpoints").textContent = menus.endpoints
    .map(({ method, path }) => `${method} ${path}`).join(", ");
}

async function loadGames() {
  const known = await (await fetch("/api/games")).json();
  games.default = known.default;
  const select = $("game");
  select.innerHTML = "";
  for (const game of known.games) {
    games.byName[game.name] = game;
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = `${game.title} (${game.rule})`;
    select.append(option);
  }
  select.value = known.default;
}

(async function start() {
  working(+1);
  try {
    await loadMenus();
    await loadGames();
    const opening = await (await fetch("/api/start")).json();
    if (opening === null) {
      $("example").value = "heart";
      await loadExample("heart");
      return;
    }
    const names = [...$("example").options].map((option) => option.value);
    $("example").value = names.includes(opening.name) ? opening.name : "";
    setSource(opening.text, opening.kind, opening.moves, opening.format || null,
      opening.game || null);
  } finally {
    working(-1); // the first requests have started by now: busy stays above 0
  }
})();
