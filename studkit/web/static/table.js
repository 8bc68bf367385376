/* studkit web: drawing a table (seats, cards, pots, showdown) for play and replay. */
"use strict";

const tableView = (() => {
  const { el, card } = studkit;

  function seatBox(seat, wild, options) {
    const opts = options || {};
    const classes = ["seat"];
    if (seat.to_act) classes.push("to-act");
    if (seat.folded) classes.push("folded");
    if (seat.sitting_out) classes.push("out");
    if (seat.you) classes.push("you");
    const flags = el("div", { class: "seat-flags" },
      seat.button ? el("span", { class: "flag button-flag", title: "the button" }, "D") : null,
      seat.bet ? el("span", { class: "flag bet" }, `bet ${seat.bet_text || seat.bet}`) : null,
      seat.all_in ? el("span", { class: "flag allin" }, "all in") : null,
      seat.folded ? el("span", { class: "flag" }, "folded") : null,
      seat.sitting_out ? el("span", { class: "flag" }, "out") : null,
      seat.to_act ? el("span", { class: "flag" }, opts.spectator ? "to act" : (seat.you ? "your turn" : "thinking")) : null);
    const cards = el("div", { class: "hand-cards" },
      seat.down_cards.map((c) => card(c, { down: c !== null, wild })),
      seat.up_cards.map((c) => card(c, { wild })));
    return el("div", { class: classes.join(" "), "data-seat": seat.seat },
      el("div", { class: "seat-top" },
        el("span", { class: "seat-name" }, seat.name),
        el("span", { class: "seat-stack" }, seat.sitting_out ? "" : (seat.stack_text || seat.stack))),
      flags, cards);
  }

  function pots(state, potNode, sideNode) {
    potNode.textContent = state.pot_text || state.pot;
    sideNode.replaceChildren();
    (state.pots || []).forEach((pot, index) => {
      sideNode.append(el("span", { class: "side" },
        `${index === 0 ? "main" : "side " + index}: ${pot.amount} (seats ${pot.eligible.join(", ")})`));
    });
  }

  function showdown(node, result) {
    node.replaceChildren(el("h2", {}, "Showdown"));
    for (const hand of result.hands) {
      const words = hand.hands.map((h) => (h.share ? `${h.share}: ` : "") + h.description).join(" · ");
      node.append(el("div", { class: "shown" },
        el("span", { class: "who" }, hand.name),
        el("span", { class: "hand-cards" }, hand.cards.map((c) => card(c))),
        el("span", {}, hand.mucked ? "mucked" : words)));
    }
    for (const pot of result.results) {
      const where = pot.pot === 0 ? "the main pot" : `side pot ${pot.pot}`;
      const winners = pot.winners.map((w) => `${w.name} ${w.name === "You" ? "win" : "wins"} ${w.amount}` + (w.hand ? ` with ${w.hand}` : "")).join("; ");
      node.append(el("p", { class: "award" }, `${winners} from ${where}${pot.share ? " (" + pot.share + ")" : ""}`));
    }
    if (result.net && result.net.length) {
      node.append(el("p", { class: "muted" }, "Net: " + result.net.map((n) => `${n.name} ${n.chips > 0 ? "+" : ""}${n.chips}`).join(" · ")));
    }
    node.hidden = false;
  }

  return { seatBox, pots, showdown };
})();
