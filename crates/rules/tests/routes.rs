//! Routes of actions, for animation and the seam mark of move lists.

use surface_chess_rules::{Position, Variant};

fn route(v: Variant, p: &Position, m: &str) -> (Vec<String>, bool) {
    let a = p.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    let r = p.route(a).unwrap_or_else(|| panic!("{m} has a route"));
    (r.iter().map(|s| v.rules().complex.name(s.cell)).collect(), p.crosses_seam(a))
}

#[test]
fn every_legal_action_has_a_route_ending_on_its_destination() {
    for v in Variant::ALL {
        let mut p = Position::new(v);
        for ply in 0..40 {
            let actions = p.legal_actions();
            let Some(&next) = actions.get(ply * 7 % actions.len().max(1)) else { break };
            for a in actions {
                let r = p.route(a).unwrap_or_else(|| panic!("{v}: no route for {}", p.notation(a)));
                assert_eq!(r.last().map(|s| s.cell), Some(a.to), "{v}: {}", p.notation(a));
            }
            p = p.play(next).unwrap();
        }
    }
}

#[test]
fn routes_mark_seam_crossings() {
    let e = Position::new(Variant::Endless);
    assert_eq!(route(Variant::Endless, &e, "Ra1xh8"), (vec!["h8".to_string()], true));
    assert_eq!(route(Variant::Endless, &e, "e2–e4"), (vec!["e3".to_string(), "e4".to_string()], false));
    let (cells, seam) = route(Variant::Endless, &e, "Nb1xh7");
    assert_eq!((cells.last().map(String::as_str), seam), (Some("h7"), true));
    let g = Position::new(Variant::Genus2);
    assert_eq!(route(Variant::Genus2, &g, "I:e4–II:e5"), (vec!["I:e5".to_string(), "II:e5".to_string()], true));
    let m = Position::from_text(Variant::Mobius, "10/10/10/4k5/10/10/10/10/1R3K2R1 w KQ - 0 0").unwrap();
    let (cells, seam) = route(Variant::Mobius, &m, "O-O");
    assert_eq!((cells, seam), (vec!["g1".to_string(), "h1".to_string()], false));
    let (cells, seam) = route(Variant::Mobius, &m, "Rb1–j9");
    assert_eq!((cells, seam), (vec!["a1".to_string(), "j9".to_string()], true));
}
