"use strict";
// The page talks to the JSON API only: /api/placements for the verdicts, /api/render for the picture.

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
  const picture = await fetch(`/api/render?${query()}`, { method: "POST", body });
  $("picture").innerHTML = picture.ok ? await picture.text() : "";
}

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
