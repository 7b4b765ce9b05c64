//! The rules pages of the site (`dist/rules/<game>.html`), made at build time from the
//! repository's markdown: the game's section of the binding rulings (`docs/rulings.md`,
//! a copy of `RULINGS.md`) with an anchor per rule number (`#rule-4`, `#rule-K5`), then
//! the game's own page (`docs/<game>.md`). One source: nothing here restates a rule.
//!
//! Host only (feature `rules`, the `rules` example): the WebAssembly build never
//! includes the markdown parser.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// The games that have a rules page: (file name under `docs/` without `.md`, the name
/// of the game's section in `docs/rulings.md`, if the rulings cover it).
pub const GAMES: [(&str, Option<&str>); 5] = [
    ("urim", Some("Urim")),
    ("omweso", Some("Omweso")),
    ("rio-kadalis", Some("Rio Kadalis")),
    ("oware", None),
    ("kalah", None),
];

/// The page's title: the text of the markdown's first level-1 heading.
fn title(markdown: &str) -> Option<&str> {
    markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .map(str::trim)
}

/// The `## ` section of `markdown` whose heading starts with `name`: the offsets of its
/// heading, of its text (after the heading's line) and of its end.
fn section_at(markdown: &str, name: &str) -> Option<(usize, usize, usize)> {
    let start = markdown
        .match_indices("\n## ")
        .find(|(i, _)| markdown[i + 4..].starts_with(name))?
        .0
        + 1;
    let body = start + markdown[start..].find('\n')? + 1;
    let end = markdown[body..]
        .find("\n## ")
        .map_or(markdown.len(), |e| body + e + 1);
    Some((start, body, end))
}

/// The text of the `## ` section of `markdown` whose heading starts with `name`.
fn section<'a>(markdown: &'a str, name: &str) -> Option<&'a str> {
    section_at(markdown, name).map(|(_, body, end)| &markdown[body..end])
}

/// The bullets of the rulings' "Details that follow from the rules" that concern
/// `game`: those whose bold label names it, and those that name no game.
fn details(rulings: &str, game: &str) -> String {
    let Some(text) = section(rulings, "Details") else {
        return String::new();
    };
    let others: Vec<&str> = GAMES
        .iter()
        .filter_map(|(_, g)| *g)
        .filter(|g| *g != game)
        .collect();
    let mut out = String::new();
    let mut keep = false;
    for line in text.lines() {
        if let Some(label) = line.strip_prefix("- **") {
            keep = !others.iter().any(|o| label.starts_with(o));
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A link of the docs as the site has it: other docs pages become their rules pages
/// when they are one, the rulings become this page's section; a link to any other file
/// of the repository (not in the site) is dropped, its text kept.
fn rewrite(dest: &str) -> Option<String> {
    if dest.starts_with('#') || dest.contains("://") || dest.starts_with("mailto:") {
        return Some(dest.to_string());
    }
    let (file, _) = dest.split_once('#').unwrap_or((dest, ""));
    if file == "rulings.md" || file.ends_with("RULINGS.md") {
        return Some("#binding".into());
    }
    let page = file.strip_suffix(".md")?;
    GAMES
        .iter()
        .any(|(g, _)| *g == page)
        .then(|| format!("{page}.html"))
}

/// A slug for a heading's anchor: lowercase letters and digits, the rest as `-`.
fn slug(text: &str) -> String {
    let mut s = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            s.push(c);
        } else if !s.is_empty() && !s.ends_with('-') {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
}

/// A rule's number as a list item of `docs/kalah.md` writes it in bold: `K5.`, `K4b.`.
fn numbered_label(text: &str) -> Option<&str> {
    let n = text.split_whitespace().next()?.strip_suffix('.')?;
    let digits = n.trim_start_matches(char::is_alphabetic);
    (n.len() <= 4 && n.starts_with('K') && digits.starts_with(|c: char| c.is_ascii_digit()))
        .then_some(n)
}

/// Markdown to HTML. Headings get an anchor from their text (`prefix` + slug). When
/// `rules` is true, the list items are rules: an item of a top-level ordered list gets
/// `id="rule-<n>"` with a link to itself, and so does an item that opens with a bold
/// `K5.`-style number.
fn render(markdown: &str, prefix: &str, rules: bool) -> String {
    let events: Vec<Event> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    let mut out = Vec::with_capacity(events.len());
    // The lists open around the current event, innermost last: an ordered list's next
    // number, `None` for a bulleted one.
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut dropped_link = false;
    let mut i = 0;
    while i < events.len() {
        let e = events[i].clone();
        i += 1;
        match e {
            Event::Start(Tag::Heading {
                level,
                id: None,
                classes,
                attrs,
            }) => {
                let mut text = String::new();
                for e in &events[i..] {
                    match e {
                        Event::End(TagEnd::Heading(_)) => break,
                        Event::Text(t) | Event::Code(t) => text.push_str(t),
                        _ => {}
                    }
                }
                let id = format!("{prefix}{}", slug(&text));
                out.push(Event::Start(Tag::Heading {
                    level,
                    id: Some(CowStr::from(id)),
                    classes,
                    attrs,
                }));
            }
            Event::Start(Tag::List(start)) => {
                lists.push(start);
                out.push(Event::Start(Tag::List(start)));
            }
            Event::End(TagEnd::List(o)) => {
                lists.pop();
                out.push(Event::End(TagEnd::List(o)));
            }
            Event::Start(Tag::Item) if rules => {
                let top = lists.len() == 1;
                let number = match lists.last_mut() {
                    Some(Some(n)) if top => {
                        *n += 1;
                        Some((*n - 1).to_string())
                    }
                    _ => None,
                };
                // A bold number opening the item (`**K5. End.**`), in a tight or loose item.
                let mut next = events[i..]
                    .iter()
                    .skip_while(|e| matches!(e, Event::Start(Tag::Paragraph)));
                let bold = match (next.next(), next.next()) {
                    (Some(Event::Start(Tag::Strong)), Some(Event::Text(t))) => {
                        numbered_label(t).map(str::to_string)
                    }
                    _ => None,
                };
                match number.or(bold) {
                    Some(n) => out.push(Event::Html(CowStr::from(format!(
                        "<li id=\"rule-{n}\"><a class=\"rule-link\" href=\"#rule-{n}\" title=\"a link to rule {n}\">rule {n}</a> "
                    )))),
                    None => out.push(Event::Start(Tag::Item)),
                }
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match rewrite(&dest_url) {
                Some(dest) => out.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url: CowStr::from(dest),
                    title,
                    id,
                })),
                None => dropped_link = true,
            },
            Event::End(TagEnd::Link) if dropped_link => dropped_link = false,
            // The figures of the diagrams are this module's; any other HTML in the docs
            // is shown as text, never run.
            Event::Html(h) if h.starts_with("<figure class=\"diagram\"") => {
                out.push(Event::Html(h));
            }
            Event::Html(h) | Event::InlineHtml(h) => out.push(Event::Text(h)),
            e => out.push(e),
        }
    }
    let mut s = String::new();
    html::push_html(&mut s, out.into_iter());
    s
}

/// Text for HTML (titles made from the markdown).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Words of the docs that are for programmers, not players: a sentence (or a bullet
/// whose label holds one) with one of these is left out of a player's page, and so is a
/// parenthesis that names code (`::`, a command-line flag).
const FOR_PROGRAMMERS: [&str; 9] = [
    ".rs",
    "the core's",
    "perft",
    "allocation",
    "serde",
    "serialized",
    "fromstr",
    "internally",
    "the caller",
];

/// Whether `text` speaks to programmers ([`FOR_PROGRAMMERS`], a path `a::b`, or a type
/// name in code such as `Setup`).
fn for_programmers(text: &str) -> bool {
    let lower = text.to_lowercase();
    let type_name = text.split('`').skip(1).step_by(2).any(|code| {
        code.len() >= 3
            && code.starts_with(|c: char| c.is_ascii_uppercase())
            && code.chars().all(|c| c.is_ascii_alphanumeric())
            && code.chars().any(|c| c.is_ascii_lowercase())
    });
    FOR_PROGRAMMERS.iter().any(|w| lower.contains(w)) || text.contains("::") || type_name
}

/// The markdown without the parentheses that name code: `(`Setup::start(…)`)`,
/// `(`--from`, …)`, and the space before each.
fn without_code_asides(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    while let Some(open) = rest.find('(') {
        let mut depth = 0;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                '\n' if rest[open..open + i].ends_with('\n') => break,
                _ => {}
            }
        }
        let Some(close) = close else {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        };
        let inside = &rest[open + 1..close];
        if inside.contains('`')
            && (inside.contains("::") || inside.contains("`--") || for_programmers(inside))
        {
            out.push_str(rest[..open].trim_end_matches(' '));
        } else {
            out.push_str(&rest[..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The markdown for players: code asides dropped ([`without_code_asides`]), then each
/// sentence for programmers, and each bullet whose bold label is.
fn for_players(markdown: &str) -> String {
    let text = without_code_asides(markdown);
    let mut out = String::with_capacity(text.len());
    // Blocks: paragraphs and list items, each a run of lines.
    let mut block = String::new();
    let flush = |block: &mut String, out: &mut String| {
        if block.is_empty() {
            return;
        }
        let label_bad = block
            .trim_start()
            .strip_prefix("- **")
            .and_then(|r| r.split("**").next())
            .is_some_and(for_programmers);
        if !label_bad {
            out.push_str(&drop_sentences(block));
        }
        block.clear();
    };
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let starts_item = t.starts_with("- ")
            || t.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if line.trim().is_empty() || (starts_item && line.len() - t.len() < 2) {
            flush(&mut block, &mut out);
        }
        block.push_str(line);
        if line.trim().is_empty() {
            flush(&mut block, &mut out);
        }
    }
    flush(&mut block, &mut out);
    out
}

/// A block without its sentences for programmers: a sentence ends at `. ` (or the
/// block's end), and starts after the previous one or after the block's bold label.
fn drop_sentences(block: &str) -> String {
    if !for_programmers(block) {
        return block.to_string();
    }
    // The label (`1. **Start.**`, `- **Totals**:`) stays.
    let head_end = block
        .find("**")
        .and_then(|a| block[a + 2..].find("**").map(|b| a + 2 + b + 2))
        .filter(|&e| e < 60)
        .unwrap_or(0);
    let (head, body) = block.split_at(head_end);
    let mut kept = String::from(head);
    let mut sentence = String::new();
    let chars: Vec<char> = body.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        sentence.push(c);
        let end = c == '.' && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if end {
            if !for_programmers(&sentence) {
                kept.push_str(&sentence);
            }
            sentence.clear();
        }
    }
    if !for_programmers(&sentence) {
        kept.push_str(&sentence);
    } else {
        kept.push('\n');
    }
    kept
}

/// The rules page of `game` (a name of [`GAMES`]) for players: "How to play" (`how`,
/// the page's own markdown, `web/rules/<game>.md`, whose ```` ```diagram ```` blocks
/// become boards drawn by the page's renderer), then the rules with their numbers —
/// the game's section of the binding rulings (`rulings`, `docs/rulings.md`) or, for
/// the games they do not cover, the numbered rules of the game's page (`doc`,
/// `docs/<game>.md`) — without the words for programmers.
///
/// # Errors
/// The game is not one of [`GAMES`], its page has no title, or the rulings have no
/// section for a game they should cover.
pub fn page(game: &str, how: &str, doc: &str, rulings: &str) -> Result<String, String> {
    let Some((_, ruled)) = GAMES.iter().find(|(g, _)| *g == game) else {
        return Err(format!(
            "no rules page for {game:?}: the games are {GAMES:?}"
        ));
    };
    let title = title(doc).ok_or_else(|| format!("docs/{game}.md has no '# ' title"))?;
    let mut rules = String::new();
    match ruled {
        Some(name) => {
            let text = section(rulings, name)
                .ok_or_else(|| format!("docs/rulings.md has no section '## {name}'"))?;
            rules.push_str(&render(&for_players(text), "rulings-", true));
            rules.push_str("<h3 id=\"rulings-details\">Details that follow from the rules</h3>\n");
            rules.push_str(&render(
                &for_players(&details(rulings, name)),
                "rulings-details-",
                false,
            ));
            rules.push_str("<details><summary>Conventions shared by all games</summary>\n");
            if let Some(c) = section(rulings, "Conventions") {
                rules.push_str(&render(&for_players(c), "rulings-conventions-", false));
            }
            rules.push_str("</details>\n");
        }
        None => {
            let (_, text, end) = section_at(doc, "The rules")
                .ok_or_else(|| format!("docs/{game}.md has no section '## The rules'"))?;
            rules.push_str(&render(&for_players(&doc[text..end]), "rules-", true));
            if let Some(r) = section(doc, "Rulings") {
                rules.push_str("<h3 id=\"rules-rulings\">Rulings</h3>\n");
                rules.push_str(&render(&for_players(r), "rules-rulings-", false));
            }
        }
    }
    let nav: String = GAMES
        .iter()
        .map(|(g, _)| {
            let current = if *g == game {
                " aria-current=\"page\""
            } else {
                ""
            };
            format!("<a href=\"{g}.html\"{current}>{}</a>", names(g))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let title = escape(title);
    let how = render(&diagrams(game, how), "how-", false);
    Ok(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"description\" content=\"How to play {title}, and its rules with their numbers.\">\n\
         <title>Rules: {title}</title>\n<link rel=\"icon\" href=\"../icon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"manifest\" href=\"../manifest.webmanifest\">\n\
         <link rel=\"stylesheet\" href=\"../style.css\">\n<link rel=\"stylesheet\" href=\"rules.css\">\n</head>\n\
         <body data-game=\"{game}\" data-diagrams=\"waiting\" class=\"rules\">\n\
         <nav aria-label=\"Games\"><a href=\"../index.html\">← Play</a> · Rules: {nav}</nav>\n\
         <header><h1>{title}</h1><p class=\"sub\">How to play, then the rules with their numbers: \
         the end of a game on the board cites them.</p></header>\n<main>\n\
         <section id=\"how\">\n<h2>How to play</h2>\n{how}</section>\n\
         <section id=\"binding\">\n<h2>The rules, numbered</h2>\n{rules}</section>\n</main>\n\
         <script type=\"module\" src=\"../diagram.js\"></script>\n</body>\n</html>\n"
    ))
}

/// The ```` ```diagram ```` blocks of `how` as figures for the page's renderer
/// (`static/diagram.js`): `position:` (in the game's notation), optionally `variant:`
/// (the game's rule options), `move:` (shown played, the board before and after) and
/// `caption:`.
fn diagrams(game: &str, how: &str) -> String {
    let mut out = String::new();
    let mut rest = how;
    while let Some(at) = rest.find("```diagram\n") {
        out.push_str(&rest[..at]);
        let body = &rest[at + 11..];
        let end = body.find("```").unwrap_or(body.len());
        let mut attrs = vec![("variant", game.to_string())];
        let mut caption = String::new();
        for line in body[..end].lines() {
            if let Some((k, v)) = line.split_once(':') {
                let v = v.trim();
                match k.trim() {
                    "caption" => caption = v.to_string(),
                    "variant" => attrs[0].1 = v.to_string(),
                    k @ ("position" | "move") => attrs.push((k, v.to_string())),
                    _ => {}
                }
            }
        }
        let attrs: String = attrs
            .iter()
            .map(|(k, v)| format!(" data-{k}=\"{}\"", escape(v).replace('"', "&quot;")))
            .collect();
        out.push_str(&format!(
            "<figure class=\"diagram\"{attrs}><div class=\"boards\"></div>\
             <figcaption>{}</figcaption></figure>\n\n",
            escape(&caption)
        ));
        rest = body.get(end + 3..).unwrap_or("").trim_start_matches('\n');
    }
    out.push_str(rest);
    out
}

/// The game's name as the menu of pages shows it.
fn names(game: &str) -> &'static str {
    match game {
        "urim" => "Urim",
        "omweso" => "Omweso",
        "rio-kadalis" => "Rio Kadalis",
        "oware" => "Oware",
        _ => "Kalah",
    }
}

/// The pages' style sheet (`dist/rules/rules.css`).
pub const CSS: &str = include_str!("rules.css");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_to_files_outside_the_site_are_dropped() {
        assert_eq!(rewrite("rulings.md").as_deref(), Some("#binding"));
        assert_eq!(rewrite("oware.md").as_deref(), Some("oware.html"));
        assert_eq!(rewrite("../crates/urim"), None);
        assert_eq!(rewrite("api.md"), None);
        assert_eq!(rewrite("#x").as_deref(), Some("#x"));
    }

    #[test]
    fn kalah_numbers_are_read_from_bold_labels() {
        assert_eq!(numbered_label("K5. End."), Some("K5"));
        assert_eq!(numbered_label("K4b. Option"), Some("K4b"));
        assert_eq!(numbered_label("Kalah."), None);
        assert_eq!(numbered_label("Start."), None);
    }
}
