"use strict";
// The page is a thin layer over the JSON API: it keeps the input text and, per mode,
// what was played or which record move is shown, and asks the server for every verdict
// and every picture. Pictures carry hooks: data-cell="ROW COL" / data-vertex="V" on
// cells and vertices, data-outcome="win"|"lose", data-blocked, and data-grid="ROWS COLS"
// over boards too big for a hook a cell.

const $ = (id) => document.getElementById(id);
const RECORD_KINDS = ["noi", "walk-board", "walk-edges"];

const state = {
  mode: "explore",
  played: [], // Play: the moves so far, 1-based JSON values ([row, col] or a vertex)
  steps: [], // Record: one entry per move of the record
  step: 0,
  legal: [], // Play: the legal moves of the position shown, as text
};

// Work under way (requests, the engine's pending reply), as body[data-busy] for scripts
// and tests: the page is settled when it is "0".
let busy = 0;
function working(change) {
  busy += change;
  document.body.dataset.busy = String(busy);
}

// Answers can arrive out of order: only the newest request of each kind is shown.
const latest = {};
async function call(kind, url, options) {
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
    if (ticket === latest[kind]) showError("the server does not answer: is matchgame serve running?");
    return null;
  } finally {
    working(-1);
  }
  if (ticket !== latest[kind]) return null;
  if (!answer.ok) {
    let message = text;
    try { message = JSON.parse(text).error; } catch (_) { /* not JSON */ }
    showError(message);
    return null;
  }
  return text;
}

function showError(message) {
  $("error").textContent = message ? `error: ${message}` : "";
}

function isRecord() { return RECORD_KINDS.includes($("kind").value); }
function onEdges() { return $("kind").value === "edges" || $("kind").value === "walk-edges"; }

function query(extra = {}) {
  const params = new URLSearchParams({ moves: $("moves").value, ...extra });
  if (onEdges()) params.set("edges", "1");
  return params.toString();
}

function moveText(move) { return Array.isArray(move) ? move.join(" ") : String(move); }

function moveOf(element) {
  const text = element.dataset.cell || element.dataset.vertex;
  return element.dataset.cell ? text.split(" ").map(Number) : Number(text);
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
  if (record) state.mode = "record";
  if (!record && state.mode === "record") state.mode = "explore";
  setMode(state.mode);
}

function refresh() {
  showError("");
  if (state.mode === "explore") explore();
  else if (state.mode === "play") newGame();
  else loadRecord();
}

// -- explore ------------------------------------------------------------------------

async function explore() {
  const body = $("input").value;
  const text = await call("placements", `/api/placements?${query()}`, { body });
  if (text === null) return;
  const answer = JSON.parse(text);
  const wins = answer.winning_cells || answer.winning_vertices;
  const where = answer.winning_cells ? "cells" : "vertices";
  $("summary").textContent = answer.placer_wins
    ? `The first player wins by placing the token on any of ${wins.length} ${where}`
      + ` (maximum matching: ${answer.matching_size}).`
    : `The first player loses wherever the token is placed (maximum matching:`
      + ` ${answer.matching_size}, it covers every vertex).`;
  $("summary").dataset.winning = String(wins.length);
  $("explore-help").hidden = onEdges();
  const extra = {};
  if ($("matching").checked) extra.matching = "1";
  if ($("sets").checked) extra.sets = "1";
  const svg = await call("explore-picture", `/api/render?${query(extra)}`, { body });
  if (svg !== null) $("explore-picture").innerHTML = svg;
}

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
  if (!hit || !hit.cell || $("kind").value !== "board") return;
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

async function showPosition() {
  $("game-result").textContent = "";
  $("game-result").dataset.winner = "";
  const payload = { input: $("input").value, played: state.played };
  const extra = { picture: "1" };
  if (isRecord()) {
    payload.record_moves = state.step;
    extra[bunny() ? "noi" : "record"] = "1";
  }
  const text = await call("position", `/api/position?${query(extra)}`,
    { body: JSON.stringify(payload) });
  if (text === null) return;
  const position = JSON.parse(text);
  state.legal = position.legal_moves.map(moveText);
  $("play-picture").innerHTML = position.svg;
  $("moves-played").textContent = state.played.length
    ? `Moves: ${state.played.map((move, i) => `${movesBefore() + i + 1}. ${moveText(move)}`
      + ` (${yourTurn(movesBefore() + i) ? "you" : "engine"})`).join(", ")}`
    : (movesBefore() ? `From move ${movesBefore()} of the record.` : "");
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
      ? "Your move: place the token on any cell (green cells win for you)."
      : `Your move: move the token from ${moveText(position.token)} to a neighbouring green or pink cell.`;
  $("turn").dataset.moves = String(position.legal_moves.length);
  showVerdict(position);
}

function showVerdict(position) {
  const verdict = $("verdict");
  verdict.dataset.moverWins = String(position.mover_wins);
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

$("play-picture").addEventListener("click", (event) => {
  const total = movesBefore() + state.played.length;
  if (!yourTurn(total) || $("game-result").dataset.winner) return;
  const hooked = event.target.closest("[data-outcome]");
  let move = hooked ? moveOf(hooked) : null;
  if (!hooked) { // a big board: one hook for all its cells; only legal moves count
    const hit = clickedCell(event);
    if (hit && hit.cell && state.legal.includes(moveText(hit.cell))) move = hit.cell;
  }
  if (move === null) return;
  state.played.push(move);
  showPosition();
});

$("hint").addEventListener("click", () => {
  const verdict = $("verdict");
  const best = verdict.dataset.bestMove;
  for (const marked of document.querySelectorAll(".hinted")) marked.classList.remove("hinted");
  if (verdict.dataset.moverWins !== "true") {
    verdict.textContent = "No winning move: with best play the engine wins. Try to make it think.";
    return;
  }
  const key = best.includes(" ") ? "data-cell" : "data-vertex";
  const target = $("play-picture").querySelector(`[${key}="${best}"]`);
  if (target) target.classList.add("hinted");
  verdict.textContent = `Hint: ${best} wins.`;
});

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

async function loadRecord() {
  const noi = $("kind").value === "noi";
  const body = $("input").value;
  const url = noi ? "/api/mistakes" : `/api/annotate?${query()}`;
  const text = await call("record", url, { body });
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
      + ` ${found[i].length ? found[i].join(", ") : "none"}`)
    .join(". ") + (noi ? " (numbered by round, as the NOI answer counts them)." : ".");
  $("mistakes-so-far").dataset.first = found[0].join(" ");
  $("mistakes-so-far").dataset.second = found[1].join(" ");
  const url = noi ? `/api/render/record?upto=${step}` : `/api/render/walk?${query({ upto: step })}`;
  const svg = await call("record-picture", url, { body: $("input").value });
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

function setSource(text, kind, moves) {
  $("input").value = text;
  $("kind").value = kind;
  $("moves").value = moves || "orthogonal";
  fitModeToKind();
}

async function loadExample(name) {
  working(+1);
  try {
    const answer = await fetch(`/api/examples/${name}`);
    if (!answer.ok) return showError((await answer.json()).error);
    setSource(await answer.text(), answer.headers.get("X-Matchgame-Kind"),
      answer.headers.get("X-Matchgame-Moves"));
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
  fitModeToKind();
});
$("moves").addEventListener("change", refresh);
$("apply").addEventListener("click", refresh);
$("matching").addEventListener("change", explore);
$("sets").addEventListener("change", explore);
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (file) {
    forgetExample();
    $("input").value = await file.text();
    $("text-panel").open = true;
    refresh();
  }
});
for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => setMode(button.dataset.mode));
}

(async function start() {
  working(+1);
  try {
    const opening = await (await fetch("/api/start")).json();
    if (opening === null) {
      $("example").value = "heart";
      await loadExample("heart");
      return;
    }
    const names = [...$("example").options].map((option) => option.value);
    $("example").value = names.includes(opening.name) ? opening.name : "";
    setSource(opening.text, opening.kind, opening.moves);
  } finally {
    working(-1); // the first requests have started by now: busy stays above 0
  }
})();
