/* studkit web: drawing a table (seats, cards, pots, showdown) for play and replay. Every
   amount is written by studkit.chips (the server's format: 5,300,000); ``scale`` is the
   replayed history's chip unit (100: amounts in cents), 1 at a table. */
"use strict";

const tableView = (() => {
  const { el, card, chips } = studkit;

  function seatBox(seat, wild, options) {
    const opts = options || {};
    const scale = opts.scale || 1;
    const classes = ["seat"];
    if (seat.to_act) classes.push("to-act");
    if (seat.folded) classes.push("folded");
    if (seat.sitting_out) classes.push("out");
    if (seat.you) classes.push("you");
    const flags = el("div", { class: "seat-flags" },
      seat.button ? el("span", { class: "flag button-flag", title: "the button" }, "D") : null,
      seat.bet ? el("span", { class: "flag bet" }, `bet ${chips(seat.bet, scale)}`) : null,
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
        el("span", { class: "seat-stack" }, seat.sitting_out ? "" : chips(seat.stack, scale))),
      flags, cards);
  }

  /** The pot in the middle; once the hand is over it has been awarded: the pot is empty and
      what was awarded is said beside it (the showdown says to whom). */
  function pots(state, potNode, sideNode, scale) {
    sideNode.replaceChildren();
    if (state.is_over) {
      const results = (state.showdown && state.showdown.results) || [];
      const awarded = results.length ? results.reduce((sum, pot) => sum + pot.amount, 0) : state.pot;
      potNode.textContent = chips(0, scale);
      if (awarded) sideNode.append(el("span", { class: "side awarded" }, ` ${chips(awarded, scale)} awarded`));
      return;
    }
    potNode.textContent = chips(state.pot, scale);
    (state.pots || []).forEach((pot, index) => {
      sideNode.append(el("span", { class: "side" },
        `${index === 0 ? "main" : "side " + index}: ${chips(pot.amount, scale)} (seats ${pot.eligible.join(", ")})`));
    });
  }

  function showdown(node, result, scale) {
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
      const winners = pot.winners.map((w) => `${w.name} ${w.name === "You" ? "win" : "wins"} ${chips(w.amount, scale)}` + (w.hand ? ` with ${w.hand}` : "")).join("; ");
      node.append(el("p", { class: "award" }, `${winners} from ${where}${pot.share ? " (" + pot.share + ")" : ""}`));
    }
    if (result.net && result.net.length) {
      node.append(el("p", { class: "muted" }, "Net: " + result.net.map((n) => `${n.name} ${n.chips > 0 ? "+" : ""}${chips(n.chips, scale)}`).join(" · ")));
    }
    node.hidden = false;
  }

  return { seatBox, pots, showdown };
})();
