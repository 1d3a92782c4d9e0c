//! How selective the search is on each board: which checks it extends, how hard it reduces late
//! moves, whether it razors and reduces at the root, and whether it corrects the evaluation. Each departure from the common rules was
//! measured against the search before it, at 50 ms a move over 120 games (`docs/DESIGN.md`);
//! boards not measured keep the common rules.

use crate::variant::Variant;

/// A board's selectivity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Selectivity {
    /// The most legal replies a check may leave for the search to extend it (`None`: every check).
    pub check_replies: Option<u64>,
    /// The divisor of the late-move reduction's logarithms' product: the smaller, the harder.
    pub reduction_divisor: f64,
    /// Whether late replies to a check are reduced like any late move (else each is searched to
    /// the full depth).
    pub evasions_reduced: bool,
    /// Whether a non-PV node near the horizon whose static evaluation lies far below alpha is
    /// settled by quiescence when its captures do not reach alpha either (razoring).
    pub razoring: bool,
    /// Whether late quiet root actions that do not check are reduced like late moves below.
    pub root_reduced: bool,
    /// Whether the static evaluation is corrected by what searches found with the same pawns
    /// ([`super::correction`]).
    pub corrected: bool,
}

impl Selectivity {
    /// The common rules: every check is extended, and late moves are reduced by
    /// `ln(depth) · ln(moves searched) / 2.25` (the rule of strong engines).
    pub const COMMON: Selectivity = Selectivity {
        check_replies: None,
        reduction_divisor: 2.25,
        evasions_reduced: false,
        razoring: false,
        root_reduced: false,
        corrected: true,
    };

    /// The board's selectivity. On the Klein bottle and genus two, queens and bishops give check
    /// through the seams from afar, and most such checks leave many replies: half of Klein's and
    /// 45 % of genus two's main-search nodes were in check and extended. There only the checks
    /// that leave at most five replies are extended, late replies to a check are reduced like
    /// other late moves, and late moves are reduced harder. Razoring and reduced late root moves
    /// are used on every board where matches measured them (the classroom boards were not measured
    /// and search as before).
    pub fn of(variant: Variant) -> Selectivity {
        let measured = Selectivity { razoring: true, root_reduced: true, ..Self::COMMON };
        match variant {
            Variant::Klein | Variant::Genus2 => {
                Selectivity { check_replies: Some(5), reduction_divisor: 1.6, evasions_reduced: true, ..measured }
            }
            // Razoring missed the queen sacrifice Qd8+ Bxd8 Re8# at five plies (the tests' mate
            // in two): the node a queen down was razored before the quiet mate was seen.
            Variant::Chess => Selectivity { reduction_divisor: 1.9, razoring: false, ..measured },
            // Strato's games are mostly drawn, and corrected evaluations drew more of them and lost
            // more of the rest.
            Variant::Strato => Selectivity { corrected: false, ..measured },
            Variant::Mobius | Variant::Endless | Variant::Chess3 => measured,
            _ => Selectivity::COMMON,
        }
    }

    /// The late-move reduction of the `searched`-th action with `depth` plies left: it grows with
    /// both, as their logarithms' product.
    pub fn reduction(&self, depth: i32, searched: usize) -> i32 {
        (0.5 + f64::from(depth).ln() * (searched as f64).ln() / self.reduction_divisor) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_moves_and_are_harder_where_the_divisor_is_smaller_and_boards_differ() {
        let common = Selectivity::COMMON;
        let klein = Selectivity::of(Variant::Klein);
        assert_eq!(common.reduction(1, 40), 0, "one ply left is never reduced by the formula");
        assert_eq!(common.reduction(8, 1), 0, "the first move is never reduced");
        assert!(common.reduction(3, 4) <= common.reduction(12, 4));
        assert!(common.reduction(12, 4) <= common.reduction(12, 40));
        assert_eq!(common.reduction(12, 40), 4);
        assert_eq!(klein.reduction(12, 40), 6);
        // Razoring and root reductions only where matches measured them; chess does not razor
        // (with it the engine misses `tests/engine.rs`'s mate in two on chess at five plies).
        for v in [Variant::Mobius, Variant::Klein, Variant::Genus2, Variant::Endless, Variant::Strato, Variant::Chess3]
        {
            assert!(Selectivity::of(v).razoring && Selectivity::of(v).root_reduced, "{v:?}");
        }
        assert!(!Selectivity::of(Variant::Chess).razoring && Selectivity::of(Variant::Chess).root_reduced);
        assert_eq!(Selectivity::of(Variant::Cylinder), Selectivity::COMMON);
        // The evaluation is corrected on every board but Strato, where a match found it worse.
        assert!(Variant::ALL.into_iter().all(|v| Selectivity::of(v).corrected == (v != Variant::Strato)));
    }
}
