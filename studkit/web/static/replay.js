/* studkit web: the hand replayer. POST /api/replays replays every hand of a PHH text (the
   reader and replay `studkit replay` uses) and returns each hand cut into steps. */
"use strict";

(() => {
  const { api, el, card, logLine } = studkit;
  const $ = (id) => document.getElementById(id);
  let hands = [];
  let hand = null;
  let step = 0;

  function show() {
    const frames = hand.frames;
    if (!frames.length) return;
    const frame = frames[step];
    $("heading").textContent = `${hand.label} · ${hand.title || hand.variant || ""}`;
    $("street").textContent = frame.is_over ? "result" : frame.street;
    $("step").textContent = `step ${step + 1} of ${frames.length}`;
    $("scrub").max = frames.length - 1;
    $("scrub").value = step;
    $("note").textContent = frame.note;
    const wild = frame.wild_ranks;
    const scale = hand.scale || 1;
    $("seats").replaceChildren(...frame.seats.map((s) => tableView.seatBox(s, wild, { spectator: true, scale })));
    tableView.pots(frame, $("pot"), $("side-pots"), scale);
    $("community").replaceChildren(...frame.community.map((c) => card(c, { wild })));
    if (frame.is_over && frame.showdown) tableView.showdown($("showdown"), frame.showdown, scale);
    else $("showdown").hidden = true;
    const log = $("log");
    const fresh = frame.account.length - frame.new_lines;
    log.replaceChildren(...frame.account.map((line, i) => {
      const item = logLine(line);
      if (i >= fresh && step > 0) item.classList.add("new");
      return item;
    }));
    const marked = log.querySelector("li.new");
    if (marked) log.scrollTop = marked.offsetTop - log.offsetTop - 40;
    $("first").disabled = $("back").disabled = $("street-back").disabled = step === 0;
    $("last").disabled = $("forward").disabled = $("street-forward").disabled = step === frames.length - 1;
  }

  function go(to) {
    step = Math.max(0, Math.min(hand.frames.length - 1, to));
    show();
  }

  function streetStep(direction) {
    const frames = hand.frames;
    const now = frames[step].street_index;
    if (direction > 0) {
      let i = step;
      while (i < frames.length - 1 && frames[i].street_index === now) i++;
      go(i);
    } else {
      let i = step;
      if (i > 0 && frames[i - 1].street_index !== now) i--;  // at a street's start: the one before
      const target = frames[i].street_index;
      while (i > 0 && frames[i - 1].street_index === target) i--;
      go(i);
    }
  }

  function pick(index) {
    hand = hands[index];
    step = 0;
    $("hand-error").hidden = !hand.error;
    $("hand-error").textContent = hand.error ? `This hand could not be replayed to its end: ${hand.error}` : "";
    if (!hand.frames.length) {
      $("seats").replaceChildren();
      $("log").replaceChildren();
      $("note").textContent = "";
      $("heading").textContent = hand.label;
      return;
    }
    show();
  }

  async function load() {
    const text = $("phh").value;
    $("replay-error").textContent = "";
    if (!text.trim()) { $("replay-error").textContent = "Paste a hand history first."; return; }
    let answer;
    try {
      answer = await api("/api/replays", { phh: text });
    } catch (error) {
      $("replay-error").textContent = error.message;
      return;
    }
    if (answer.error) { $("replay-error").textContent = answer.error; return; }
    hands = answer.hands;
    const select = $("hand-select");
    select.replaceChildren(...hands.map((h, i) => el("option", { value: i }, `${h.label}${h.ok ? "" : " (failed)"}`)));
    select.hidden = hands.length < 2;
    $("replay-area").hidden = false;
    pick(0);
  }

  $("load").addEventListener("click", load);
  $("open-phh").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("phh").value = await file.text();
    load();
  });
  $("hand-select").addEventListener("change", (event) => pick(Number(event.target.value)));
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(hand.frames.length - 1));
  $("back").addEventListener("click", () => go(step - 1));
  $("forward").addEventListener("click", () => go(step + 1));
  $("street-back").addEventListener("click", () => streetStep(-1));
  $("street-forward").addEventListener("click", () => streetStep(1));
  $("scrub").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (!hand || event.target.tagName === "TEXTAREA" || event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
  });

  const params = new URLSearchParams(location.search);
  if (params.get("from") === "play") {
    const text = sessionStorage.getItem("studkit.replay.phh");
    if (text) { $("phh").value = text; load(); }
  }
})();
