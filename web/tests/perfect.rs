//! Perfect play in the page (`src/perfect.rs`) on the host: the values it says are
//! those of the native `solve` example, which proves them another way (Kalah: its proof
//! search over databases of fewer seeds than the position has; Urim and Oware: its
//! search with history), written here from its output:
//!
//! ```text
//! solve kalah --from POSITION --memory --max-seeds 5 --moves --threads 1
//! solve urim --from POSITION --memory --max-seeds 10 --time 3
//! solve oware --from POSITION --memory --max-seeds 10 --time 10
//! ```

use mancala_web::Table;
use mancala_web::perfect::{Perfect, without_databases};

/// The page's databases of `variant`, built.
fn built(variant: &str) -> Perfect {
    let mut p = Perfect::new(variant).unwrap();
    while !p.is_complete() {
        p.build_next().unwrap();
    }
    p
}

/// A field of a JSON object as text (the page's JSON is flat where read here).
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("{key} in {json}"));
    let rest = &json[at + key.len() + 3..];
    let end = if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else if let Some(r) = rest.strip_prefix('"') {
        r.find('"').unwrap() + 2
    } else {
        rest.find([',', '}']).unwrap()
    };
    &rest[..end]
}

/// Each move's `[lo, hi]` for the player to move, as the page gives them.
fn move_values(json: &str) -> Vec<(String, String)> {
    let moves = &json[json.find("\"moves\":[").unwrap()..];
    moves
        .split("{\"move\":\"")
        .skip(1)
        .map(|m| {
            let name = m[..m.find('"').unwrap()].to_string();
            let lo = field(m, "lo");
            let hi = field(m, "hi");
            (name, format!("{lo},{hi}"))
        })
        .collect()
}

#[test]
fn kalah_values_are_those_of_the_native_proof_search() {
    let p = built("kalah");
    for (position, south, moves) in [
        // b +6, d −2, f-b +6, f-d +2: value +6 for South.
        (
            "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S",
            "[6,6]",
            vec![("b", "6,6"), ("d", "-2,-2"), ("f", "6,6")],
        ),
        // North to move: b +4, c +4, e-… at best +4, f-… at best +4: +4 for North.
        (
            "2,0,3,0,1,0/0,2,1,0,2,1 18-18 N",
            "[-4,-4]",
            vec![("b", "4,4"), ("c", "4,4"), ("e", "4,4"), ("f", "4,4")],
        ),
        // a −2, e-a −4, e-f −4, f-… −2: −2 for South.
        (
            "1,0,0,0,2,1/0,3,1,1,0,0 20-19 S",
            "[-2,-2]",
            vec![("a", "-2,-2"), ("e", "-4,-4"), ("f", "-2,-2")],
        ),
    ] {
        let t = Table::from_notation("kalah", position).unwrap();
        let v = p.value_json(&t).unwrap();
        assert_eq!(field(&v, "state"), "\"exact\"", "{position}: {v}");
        assert_eq!(field(&v, "south"), south, "{position}: {v}");
        let want: Vec<(String, String)> = moves
            .iter()
            .map(|(m, x)| (m.to_string(), x.to_string()))
            .collect();
        assert_eq!(move_values(&v), want, "{position}: {v}");
    }
    let v = p
        .value_json(&Table::from_notation("kalah", "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S").unwrap())
        .unwrap();
    assert!(v.contains("South wins 27 to 21"), "{v}");
    assert!(
        v.contains(r#""move":"b","lo":6,"hi":6,"words":"South wins by 6","best":true"#),
        "{v}"
    );
    assert!(
        v.contains(r#""move":"d","lo":-2,"hi":-2,"words":"South loses by 2","best":false"#),
        "{v}"
    );
}

#[test]
fn urim_and_oware_say_exact_values_bounds_and_where_the_history_counts() {
    let urim = built("urim");
    // solve: "value: +6 for South" (the databases' bounds meet).
    let t = Table::from_notation("urim", "0,2,0,1,0,1/1,0,2,0,1,0 13-15 S").unwrap();
    let v = urim.value_json(&t).unwrap();
    assert_eq!(field(&v, "state"), "\"exact\"", "{v}");
    assert_eq!(field(&v, "south"), "[6,6]", "{v}");
    assert!(
        v.contains("rule 6"),
        "the note names the repetition rule: {v}"
    );
    // solve's search with history: "between 2 and 6" for South; the databases' bounds
    // hold the same value, so the two ranges meet.
    let t = Table::from_notation("urim", "0,1,2,1,0,1/0,1,0,0,0,0 15-15 S").unwrap();
    let v = urim.value_json(&t).unwrap();
    assert_eq!(field(&v, "state"), "\"bounds\"", "{v}");
    let south = field(&v, "south");
    let (lo, hi) = south[1..south.len() - 1].split_once(',').unwrap();
    let (lo, hi): (i32, i32) = (lo.parse().unwrap(), hi.parse().unwrap());
    assert!(lo < hi && lo <= 6 && 2 <= hi, "{v}");
    assert!(
        v.contains("not exact, because of the repetition rule (rule 6)"),
        "{v}"
    );
    // After a move that captures nothing, the positions since the capture count.
    let mut t = Table::from_notation("urim", "0,2,0,1,0,1/1,0,2,0,1,0 13-15 S").unwrap();
    let quiet = ["b", "d", "f"]
        .into_iter()
        .find(|m| {
            let mut c = Table::from_notation("urim", &t.notation()).unwrap();
            c.play(m).is_ok() && c.game().board().stores == t.game().board().stores
        })
        .expect("a move that captures nothing");
    t.play(quiet).unwrap();
    let v = urim.value_json(&t).unwrap();
    assert_eq!(field(&v, "state"), "\"history\"", "{v}");
    assert!(
        v.contains("not known: the positions since the last capture count"),
        "{v}"
    );

    let oware = built("oware");
    // solve: "value: +8 for South", and "+0 for North: a draw".
    let t = Table::from_notation("oware", "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S").unwrap();
    let v = oware.value_json(&t).unwrap();
    assert_eq!(field(&v, "south"), "[8,8]", "{v}");
    assert!(v.contains("South wins 28 to 20"), "{v}");
    let t = Table::from_notation("oware", "0,0,2,1,0,0/1,0,1,0,2,0 19-22 N").unwrap();
    let v = oware.value_json(&t).unwrap();
    assert_eq!(field(&v, "south"), "[0,0]", "{v}");
    assert!(v.contains("A draw, 24 to 24"), "{v}");
}

#[test]
fn nothing_is_built_where_no_database_is_needed() {
    let start = Table::new("kalah").unwrap();
    let v = without_databases(&start).unwrap();
    assert_eq!(field(&v, "state"), "\"seeds\"", "{v}");
    assert!(v.contains("up to 12 seeds; this one has 48"), "{v}");
    let v = without_databases(&Table::new("omweso").unwrap()).unwrap();
    assert_eq!(field(&v, "state"), "\"none\"", "{v}");
    assert!(v.contains("Omweso has none"), "{v}");
    let over = Table::from_notation("kalah", "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S").unwrap();
    assert_eq!(
        field(&without_databases(&over).unwrap(), "state"),
        "\"over\""
    );
    let endgame = Table::from_notation("kalah", "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S").unwrap();
    assert_eq!(without_databases(&endgame), None);
    assert!(Perfect::new("omweso").is_err());
    assert!(Perfect::new("chess").is_err());
}

#[test]
fn the_files_are_solve_s_read_back_checked() {
    // Kalah on 3 pits with 2 seeds each: every board of the game's 12 seeds.
    let p = built("kalah pits=3 seeds=2");
    let plan = p.plan_json();
    assert!(plan.starts_with(r#"{"seeds":12,"built":13,"boards":18564,"bytes":18564,"files":["kalah-pits_3_capture_opposite-seeds_ending_any-side-empty-00.db""#), "{plan}");
    let mut back = Perfect::new("kalah pits=3 seeds=2").unwrap();
    assert!(back.push_file(&p.file_bytes(1).unwrap()).is_err());
    assert_eq!(back.plan_json().split(',').nth(1), Some(r#""built":0"#));
    for s in 0..=12 {
        back.push_file(&p.file_bytes(s).unwrap()).unwrap();
    }
    assert!(back.is_complete());
    assert!(back.push_file(&p.file_bytes(12).unwrap()).is_err());
    assert!(back.build_next().is_err());
    let t = Table::from_notation("kalah", "2,2,2/2,2,2 0-0 S").unwrap();
    assert_eq!(back.value_json(&t), p.value_json(&t));
}
