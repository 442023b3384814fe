import sanitizeHtml from "sanitize-html";

/**
 * The markup an activity introduction may keep (2 §2 verification settings): what the drawer's
 * editor writes (tiptap's starter kit: paragraphs, headings, bold/italic/underline/strike, code,
 * quotes, lists, rules, links, line breaks) and the images it inserts. It is shown to viewers on
 * the share page, so anything that could run there goes: scripts, styles, event handlers, forms,
 * frames and svg/math (whose own scripting and namespaces slip past HTML filters), and every
 * URL scheme but https/http/mailto on links and https on images (a relative path is an upload of
 * this site). Text inside the dropped raw-text tags goes with them rather than showing as text.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "strike",
    "code", "pre", "blockquote", "ul", "ol", "li", "a", "img",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt"], ol: ["start"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  nonTextTags: ["script", "style", "textarea", "xmp", "noscript", "option", "svg", "math", "iframe", "template", "title", "noembed", "noframes"],
  // A link leaves the share page without handing it the opener.
  transformTags: { a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }) },
  // An image without an address is nothing to show.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The introduction's HTML as it may be stored and shown. */
export function cleanIntroduction(html: string): string {
  return sanitizeHtml(html, options).trim();
}
