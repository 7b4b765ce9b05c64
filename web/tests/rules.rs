//! The rules pages (feature `rules`) made from the repository's docs: every rule number
//! of the binding rulings has its anchor, with the rule's own words, and no link leads
//! to a file the site does not have.
#![cfg(feature = "rules")]

use mancala_web::rules::{GAMES, page};

fn docs(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../docs/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The page's How to play of `game` (`web/rules/<game>.md`).
fn how(game: &str) -> String {
    std::fs::read_to_string(format!("{}/rules/{game}.md", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The rules page of `game` from the repository's files.
fn page_of(game: &str) -> String {
    page(
        game,
        &how(game),
        &docs(&format!("{game}.md")),
        &docs("rulings.md"),
    )
    .unwrap()
}

/// The numbered rules of a game's section of `docs/rulings.md`, read line by line
/// (`7. **End of a turn, in this order.**`): (number, label).
fn ruled(section: &str) -> Vec<(String, String)> {
    let rulings = docs("rulings.md");
    let text = rulings.split(&format!("\n## {section}")).nth(1).unwrap();
    let text = text.split("\n## ").next().unwrap();
    text.lines()
        .filter_map(|l| {
            let (n, rest) = l.split_once(". **")?;
            n.parse::<u32>().ok()?;
            Some((n.to_string(), rest.split("**").next()?.to_string()))
        })
        .collect()
}

#[test]
fn every_ruling_has_its_anchor_and_its_words() {
    for (section, game, count) in [
        ("Urim", "urim", 8),
        ("Omweso", "omweso", 9),
        ("Rio Kadalis", "rio-kadalis", 6),
    ] {
        let html = page_of(game);
        let rules = ruled(section);
        assert_eq!(rules.len(), count, "{game}: {rules:?}");
        for (n, label) in rules {
            let at = html
                .find(&format!("<li id=\"rule-{n}\">"))
                .unwrap_or_else(|| panic!("{game}: no anchor for rule {n}"));
            let item = &html[at..at + 400.min(html.len() - at)];
            assert!(
                item.contains(&format!("href=\"#rule-{n}\"")) && item.contains(&label),
                "{game} rule {n} ({label}): {item}"
            );
        }
    }
}

#[test]
fn oware_and_kalah_number_their_rules_from_their_own_pages() {
    let kalah = page_of("kalah");
    for n in [
        "K1", "K2", "K3", "K4", "K4b", "K5", "K5a", "K5b", "K6", "K7",
    ] {
        assert!(
            kalah.contains(&format!("<li id=\"rule-{n}\">")),
            "kalah {n}"
        );
    }
    let oware = page_of("oware");
    let at = oware.find("<li id=\"rule-4\">").unwrap();
    assert!(
        oware[at..].contains("Grand slam."),
        "{}",
        &oware[at..at + 200]
    );
    assert!(!oware.contains("rule-7\""));
}

#[test]
fn links_stay_inside_the_site_anchors_are_unique_and_titles_shown_once() {
    let rulings = docs("rulings.md");
    for (game, _) in GAMES {
        let doc = docs(&format!("{game}.md"));
        let html = page_of(game);
        for href in html.split("href=\"").skip(1) {
            let href = &href[..href.find('"').unwrap()];
            let ok = href.starts_with('#')
                || href == "../index.html"
                || href == "rules.css"
                || href == "../style.css"
                || href == "../icon.svg"
                || href == "../manifest.webmanifest"
                || GAMES
                    .iter()
                    .any(|(g, _)| href.split('#').next() == Some(&format!("{g}.html")));
            assert!(ok, "{game}: a link out of the site: {href}");
        }
        let mut ids: Vec<&str> = html
            .split(" id=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        let all = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), all, "{game}: an anchor given twice");
        let title = doc.lines().next().unwrap().trim_start_matches("# ");
        assert_eq!(html.matches(&format!(">{title}</h1>")).count(), 1, "{game}");
    }
    assert!(
        page("chess", "", "# Chess", &rulings)
            .unwrap_err()
            .contains("no rules page")
    );
    assert!(
        page("urim", "", "no title", &rulings)
            .unwrap_err()
            .contains("title")
    );
    assert!(
        page("urim", "", "# Urim", "")
            .unwrap_err()
            .contains("no section")
    );
}

#[test]
fn a_player_s_page_starts_with_how_to_play_and_names_no_code() {
    for (game, _) in GAMES {
        let html = page_of(game);
        let how = html.find("<h2>How to play</h2>").expect(game);
        let rules = html.find("<h2>The rules, numbered</h2>").expect(game);
        assert!(how < rules, "{game}");
        // Diagrams from real positions: a setup, a sowing, a capture, an ending at least.
        let figures = html.matches("<figure class=\"diagram\"").count();
        assert!(figures >= 4, "{game}: {figures} diagrams");
        assert!(html.contains("data-position=\""), "{game}");
        let text: String = html
            .split('<')
            .filter_map(|t| t.split_once('>').map(|(_, t)| t))
            .collect();
        for word in [
            "::",
            "perft",
            "Perft",
            "allocation",
            "serde",
            "FromStr",
            "--from",
            "--seeds",
            "Setup::",
            "as a Setup",
            "Ending::",
            ".rs",
        ] {
            assert!(!text.contains(word), "{game}: {word:?} on a player's page");
        }
    }
}
