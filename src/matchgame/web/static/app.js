"use strict";
// The page talks to the JSON API only: /api/placements for the verdicts, /api/render for
// the picture. Clicking a cell of a board blocks or frees it and analyses again.

const $ = (id) => document.getElementById(id);

function query() {
  const params = new URLSearchParams({ moves: $("moves").value });
  if ($("edges").checked) params.set("edges", "1");
  if ($("matching").checked) params.set("matching", "1");
  return params.toString();
}

async function analyse() {
  $("error").textContent = "";
  const body = $("input").value;
  const answer = await fetch(`/api/placements?${query()}`, { method: "POST", body });
  const document_ = await answer.json();
  if (!answer.ok) {
    $("error").textContent = document_.error;
    $("summary").textContent = "";
    $("picture").innerHTML = "";
    return;
  }
  const wins = document_.winning_cells || document_.winning_vertices;
  $("summary").textContent = `${wins.length} winning placements; maximum matching ${document_.matching_size}`;
  $("summary").dataset.winning = String(wins.length);
  const picture = await fetch(`/api/render?${query()}`, { method: "POST", body });
  $("picture").innerHTML = picture.ok ? await picture.text() : "";
}

// Block a free cell or free a blocked one, in the board text (1-based ROW COL).
function toggleCell(row, col) {
  const lines = $("input").value.split("\n");
  let header = 0;
  while (header < lines.length && lines[header].trim() === "") header += 1;
  const index = header + row;
  const line = lines[index];
  if (line === undefined || col < 1 || col > line.length) return;
  const next = line[col - 1] === "." ? "#" : ".";
  lines[index] = line.slice(0, col - 1) + next + line.slice(col);
  $("input").value = lines.join("\n");
}

$("picture").addEventListener("click", (event) => {
  const cell = event.target.closest("[data-cell], [data-blocked]");
  if (!cell || $("edges").checked) return;
  const [row, col] = (cell.dataset.cell || cell.dataset.blocked).split(" ").map(Number);
  toggleCell(row, col);
  analyse();
});

async function loadExample() {
  const name = $("example").value;
  const text = await (await fetch(`/api/examples/${name}`)).text();
  $("input").value = text;
  $("edges").checked = name === "petersen" || name === "blossom";
  if (name === "king" || name === "hex") $("moves").value = name;
  else $("moves").value = "orthogonal";
  await analyse();
}

$("analyse").addEventListener("click", analyse);
$("example").addEventListener("change", loadExample);
loadExample();
