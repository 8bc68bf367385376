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

  const DESIGNER_KEY = "studkit.designer.yaml";
  /** The file last edited in the designer (this browser tab), or null. */
  function designerFile() { try { return sessionStorage.getItem(DESIGNER_KEY); } catch (e) { return null; } }
  function keepDesignerFile(text) { try { sessionStorage.setItem(DESIGNER_KEY, text); } catch (e) { /* private mode */ } }

  return { api, el, card, logLine, designerFile, keepDesignerFile };
})();
