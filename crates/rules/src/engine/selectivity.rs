//! How selective the search is on each board: which checks it extends and how hard it reduces
//! late moves. Each departure from the common rules was measured against the search before it,
//! at 50 ms a move over 120 games (`docs/DESIGN.md`); boards not measured keep the common rules.

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
}

impl Selectivity {
    /// The common rules: every check is extended, and late moves are reduced by
    /// `ln(depth) · ln(moves searched) / 2.25` (the rule of strong engines).
    pub const COMMON: Selectivity =
        Selectivity { check_replies: None, reduction_divisor: 2.25, evasions_reduced: false };

    /// The board's selectivity. On the Klein bottle and genus two, queens and bishops give check
    /// through the seams from afar, and most such checks leave many replies: half of Klein's and
    /// 45 % of genus two's main-search nodes were in check and extended. There only the checks
    /// that leave at most five replies are extended, late replies to a check are reduced like
    /// other late moves, and late moves are reduced harder.
    pub fn of(variant: Variant) -> Selectivity {
        match variant {
            Variant::Klein | Variant::Genus2 => {
                Selectivity { check_replies: Some(5), reduction_divisor: 1.6, evasions_reduced: true }
            }
            Variant::Chess => Selectivity { reduction_divisor: 1.9, ..Selectivity::COMMON },
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
    fn reductions_grow_with_depth_and_moves_and_are_harder_where_the_divisor_is_smaller() {
        let common = Selectivity::COMMON;
        let klein = Selectivity::of(Variant::Klein);
        assert_eq!(common.reduction(1, 40), 0, "one ply left is never reduced by the formula");
        assert_eq!(common.reduction(8, 1), 0, "the first move is never reduced");
        assert!(common.reduction(3, 4) <= common.reduction(12, 4));
        assert!(common.reduction(12, 4) <= common.reduction(12, 40));
        assert_eq!(common.reduction(12, 40), 4);
        assert_eq!(klein.reduction(12, 40), 6);
        assert_eq!(Selectivity::of(Variant::Mobius), Selectivity::COMMON);
    }
}
