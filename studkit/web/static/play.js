/* studkit web: a table against bots. The server plays the bots; this page shows the table
   as the player sees it and sends the player's decisions (POST /api/tables/{id}/actions). */
"use strict";

(() => {
  const { api, el, card, logLine, chips, designerFile } = studkit;
  const $ = (id) => document.getElementById(id);
  const form = $("setup");
  const variant = $("variant");
  const players = $("players");
  const seat = $("seat");
  const errorLine = $("play-error");
  let tableId = null;
  let busy = false;
  let logSize = 0;
  let logHand = null;
  let scale = 1;  // the table's units per whole amount (100 at a $0.25 table): figures arrive in units

  const WORDS = { fold: "Fold", check: "Check", call: "Call", "bring-in": "Bring in", complete: "Complete to", bet: "Bet", raise: "Raise to" };

  function fail(message) {
    errorLine.textContent = message;
    errorLine.hidden = !message;
  }

  function fitPlayers() {
    const option = variant.selectedOptions[0];
    if (!option || !option.dataset.max) { players.min = 2; players.max = 8; return; }
    players.min = option.dataset.min;
    players.max = Math.min(8, Number(option.dataset.max));
    const value = Number(players.value);
    if (value > Number(players.max)) players.value = players.max;
    if (value < Number(players.min)) players.value = players.min;
    seat.max = players.value;
  }

  async function send(path, body) {
    if (busy) return null;
    busy = true;
    document.body.classList.add("busy");
    try {
      const answer = await api(path, body);
      fail("");
      return answer;
    } catch (error) {
      fail(error.message);
      if (error.status === 404) { tableId = null; }
      return null;
    } finally {
      busy = false;
      document.body.classList.remove("busy");
    }
  }

  async function act(kind, amount) {
    const answer = await send(`/api/tables/${tableId}/actions`, { action: kind, amount: amount === undefined ? null : amount });
    if (answer) draw(answer.state);
  }

  function fixedButton(action) {
    const sized = ["complete", "bet", "raise"].includes(action.kind);
    let text = action.label;
    if (WORDS[action.kind]) {
      text = WORDS[action.kind];
      if (action.amount !== null && action.kind !== "fold" && action.kind !== "check") text += ` ${chips(action.amount, scale)}`;
    } else {
      text = text.charAt(0).toUpperCase() + text.slice(1);
    }
    if (action.all_in && action.kind !== "fold" && action.kind !== "check") text += " (all in)";
    const primary = ["check", "call"].includes(action.kind);
    const shown = action.card ? [text.replace(action.card, "").trim(), card(action.card)] : [text];
    return el("button", { type: "button", class: primary ? "primary" : null, "data-kind": action.kind,
      title: action.label, onclick: () => act(action.kind, action.amount) }, ...shown);
  }

  function sizedControl(action) {
    const low = action.min, high = action.max;
    const range = el("input", { type: "range", min: low, max: high, step: 1, value: low, "aria-label": `${action.kind} amount` });
    // the field speaks the player's amounts (1.50); the range and the request the table's units
    const field = el("input", { type: "number", min: low / scale, max: high / scale, step: 1 / scale, value: low / scale, "aria-label": `${action.kind} to` });
    const go = el("button", { type: "button", class: "primary", "data-kind": action.kind }, `${WORDS[action.kind]} ${chips(low, scale)}`);
    let chosen = low;
    const set = (value) => {
      chosen = Math.max(low, Math.min(high, Math.round(Number(value) || low)));
      range.value = chosen; field.value = chosen / scale;
      go.textContent = `${WORDS[action.kind]} ${chips(chosen, scale)}${chosen === high && action.all_in ? " (all in)" : ""}`;
    };
    range.addEventListener("input", () => set(range.value));
    field.addEventListener("input", () => set(Number(field.value) * scale));
    go.addEventListener("click", () => act(action.kind, chosen));
    const quick = [["min", low]];
    for (const [name, value] of Object.entries(action.pot_sizes || {})) quick.push([name, value]);
    quick.push(["max", high]);
    return el("span", { class: "sized" }, go, range, field,
      quick.map(([name, value]) => el("button", { type: "button", onclick: () => set(value) }, name)));
  }

  function drawActions(state) {
    const box = $("actions");
    box.replaceChildren();
    if (state.is_over) return;
    if (!state.legal_actions.length) { box.append(el("span", { class: "waiting" }, "Waiting for the other players…")); return; }
    for (const action of state.legal_actions) {
      const sized = action.min !== null && action.max !== null && action.max > action.min;
      box.append(sized ? sizedControl(action) : fixedButton(action));
    }
  }

  function draw(state) {
    $("table-area").hidden = false;
    scale = state.scale || 1;
    $("heading").textContent = state.heading;
    $("street").textContent = state.is_over ? "hand over" : state.street;
    const wild = state.wild_ranks;
    const others = state.seats.filter((s) => !s.you);
    const me = state.seats.find((s) => s.you);
    $("opponents").replaceChildren(...others.map((s) => tableView.seatBox(s, wild, { scale })));
    $("hero").replaceChildren(me ? tableView.seatBox(me, wild, { scale }) : "");
    tableView.pots(state, $("pot"), $("side-pots"), scale);
    $("community").replaceChildren(...state.community.map((c) => card(c, { wild })));
    $("notes").replaceChildren(...state.notes.map((n) => el("div", {}, n)),
      state.to_call ? el("div", {}, `To call: ${chips(state.to_call, scale)}`) : "");
    drawActions(state);
    const showdown = $("showdown");
    if (state.is_over && state.showdown) tableView.showdown(showdown, state.showdown, scale);
    else showdown.hidden = true;
    $("after").hidden = !state.is_over;
    $("next-hand").hidden = Boolean(state.game_over);
    $("game-over").textContent = state.game_over ? `Game over: ${state.game_over}.` : "";
    $("history").href = `/api/tables/${tableId}/history`;
    const log = $("log");
    if (state.hand_number !== logHand) {  // the log of a new hand: the old one stays above
      logHand = state.hand_number;
      logSize = 0;
      while (log.children.length > 300) log.firstChild.remove();
    }
    log.querySelectorAll("li.new").forEach((li) => li.classList.remove("new"));
    for (const line of state.log.slice(logSize)) { const item = logLine(line); item.classList.add("new"); log.append(item); }
    logSize = state.log.length;
    log.scrollTop = log.scrollHeight;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = variant.value === "__designer__" ? designerFile() : variant.value;
    if (!chosen) { fail("There is no file from the designer in this browser: open the designer first."); return; }
    const body = { variant: chosen, players: Number(players.value), seat: Number(seat.value) };
    if ($("bots").value) body.bots = $("bots").value;
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const answer = await send("/api/tables", body);
    if (!answer) return;
    tableId = answer.id;
    form.classList.add("collapsed");
    $("table-summary").textContent = `${answer.state.title}: ${body.players} players, you in seat ${body.seat}`;
    logSize = 0;
    logHand = null;
    $("log").replaceChildren();
    draw(answer.state);
  });

  $("next-hand").addEventListener("click", async () => {
    const answer = await send(`/api/tables/${tableId}/hands`, {});
    if (answer) draw(answer.state);
  });

  $("replay-link").addEventListener("click", async (event) => {
    event.preventDefault();
    try {
      const response = await fetch(`/api/tables/${tableId}/history`);
      if (response.ok) sessionStorage.setItem("studkit.replay.phh", await response.text());
    } catch (e) { /* the replayer opens empty */ }
    location.href = "/replay?from=play";
  });

  // The terminal's letters: c checks, calls or brings in; k checks; f folds; n deals the next
  // hand; in the amount field Enter bets or raises.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target.tagName === "INPUT" && target.type === "number" && target.closest(".sized") && event.key === "Enter") {
      target.closest(".sized").querySelector("button.primary").click();
      return;
    }
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const pick = (...kinds) => {
      for (const kind of kinds) {
        const button = document.querySelector(`#actions button[data-kind="${kind}"]`);
        if (button) { button.click(); return true; }
      }
      return false;
    };
    const key = event.key.toLowerCase();
    if (key === "c") pick("check", "call", "bring-in");
    else if (key === "k") pick("check");
    else if (key === "f") pick("fold");
    else if (key === "n" && !$("next-hand").hidden && !$("after").hidden) $("next-hand").click();
  });

  $("new-table").addEventListener("click", () => form.classList.remove("collapsed"));
  variant.addEventListener("change", fitPlayers);
  players.addEventListener("input", () => { seat.max = players.value; });
  const params = new URLSearchParams(location.search);
  if (designerFile()) $("designer-option").hidden = false;
  if (params.get("variant")) variant.value = params.get("variant");
  if (params.get("from") === "designer" && designerFile()) {
    variant.value = "__designer__";
    fitPlayers();
    form.requestSubmit();
  } else {
    fitPlayers();
  }
})();
