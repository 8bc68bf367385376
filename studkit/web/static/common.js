/* studkit web: helpers every page uses (no framework, no build step). */
"use strict";

const studkit = (() => {
  /** Call the JSON API; resolves to the parsed body, rejects with an Error carrying it. */
  async function api(path, body, method) {
    const options = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
    if (body !== undefined) {
      options.headers["content-type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = null;
    const kind = response.headers.get("content-type") || "";
    if (kind.includes("application/json")) data = await response.json();
    if (!response.ok) {
      const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  }

  /** An element with attributes and children (strings become text: never HTML). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

  /** A card: "As" face up, down=true for a face-down card the viewer sees, null: its back. */
  function card(text, options) {
    const opts = options || {};
    if (text === null || text === undefined) {
      return el("span", { class: "card back", title: "face-down card", "aria-label": "face-down card" });
    }
    if (text === "Jk" || text === "Jr" || text.length !== 2) {
      return el("span", { class: "card joker" + (opts.down ? " down" : ""), title: "joker" }, "🃏");
    }
    const rank = text[0], suit = text[1];
    const wild = (opts.wild || []).includes(rank);
    const classes = ["card", "s-" + suit];
    if (opts.down) classes.push("down");
    if (wild) classes.push("wild");
    const label = `${rank === "T" ? "10" : rank} of ${SUIT_NAMES[suit] || suit}` +
      (opts.down ? ", face down" : "") + (wild ? ", wild" : "");
    return el("span", { class: classes.join(" "), title: label, "aria-label": label, "data-card": text },
      el("span", { class: "rank" }, rank === "T" ? "10" : rank),
      el("span", { class: "suit" }, SUITS[suit] || suit));
  }

  /** A log line with the cards in it coloured by suit. */
  function logLine(text) {
    const item = el("li");
    const pattern = /\b([2-9TJQKA])([cdhs])\b/g;
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      item.append(text.slice(last, match.index));
      item.append(el("span", { class: "c-" + match[2] }, match[1] + SUITS[match[2]]));
      last = match.index + match[0].length;
    }
    item.append(text.slice(last));
    return item;
  }

  const GROUPED = new Map();
  /** A chip amount as the server writes it (studkit.history.narrate.format_chips): thousands
      separators always "," whatever the browser's language, and for a history kept in
      fractional chips (scale 100: cents) the amount divided by the scale with its decimals. */
  function chips(amount, scale) {
    if (amount === null || amount === undefined || amount === "") return "";
    const value = Number(amount);
    if (!Number.isFinite(value)) return String(amount);
    const by = Number(scale) > 1 ? Number(scale) : 1;
    const digits = by > 1 ? String(by).length - 1 : 0;
    if (!GROUPED.has(digits)) {
      GROUPED.set(digits, new Intl.NumberFormat("en-US",
        { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }));
    }
    return GROUPED.get(digits).format(value / by);
  }

  // The designer's draft: one slot in localStorage, so every tab of this browser and every
  // reload sees it (the play and compare pages offer it as "the file from the designer").
  const DESIGNER_KEY = "studkit.designer.yaml";
  function storage() { try { return window.localStorage; } catch (e) { return null; } }
  /** The draft last edited in the designer in this browser, or null. */
  function designerFile() {
    try {
      const kept = storage() && storage().getItem(DESIGNER_KEY);
      if (kept !== null && kept !== undefined) return kept;
      return sessionStorage.getItem(DESIGNER_KEY);  // a tab's draft from before it was shared
    } catch (e) { return null; }
  }
  /** Keep the draft; false when this browser refuses local storage (then it is not kept). */
  function keepDesignerFile(text) {
    try { storage().setItem(DESIGNER_KEY, text); return true; } catch (e) { return false; }
  }
  /** Call back with the new text when another tab of this browser changes the draft. */
  function onDesignerFileChanged(callback) {
    window.addEventListener("storage", (event) => {
      if (event.key === DESIGNER_KEY && event.newValue !== null) callback(event.newValue);
    });
  }

  return { api, el, card, logLine, chips, designerFile, keepDesignerFile, onDesignerFileChanged };
})();
