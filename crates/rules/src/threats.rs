//! Threats: every attack on the side to move's pieces, each with the route it comes along
//! (through seams and round cone points, as the attacker moves).

use crate::complex::Cell;
use crate::piece::Role;
use crate::position::Position;
use crate::trail::{Trail, TrailEnd, TrailKind};

/// One attack on a piece of the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The attacking piece's cell.
    pub attacker: Cell,
    /// The attacked piece's cell.
    pub target: Cell,
    /// The attacker's way there, its last step the target.
    pub trail: Trail,
}

impl Position {
    /// Every attack by the opponent on the side to move's pieces, those on its king first, each
    /// with its route ([`Position::attack_trail`]); attacks with no route on the board's cells
    /// (the lattice moves of Chess³) are left out.
    pub fn threats(&self) -> Vec<Threat> {
        let me = self.side_to_move();
        let king = self.king(me);
        let mut targets: Vec<Cell> = self.occupied(me).iter().collect();
        targets.sort_by_key(|&c| c != king);
        targets
            .into_iter()
            .flat_map(|target| {
                self.attackers(target, !me, None).into_iter().filter_map(move |attacker| {
                    self.attack_trail(attacker, target).map(|trail| Threat { attacker, target, trail })
                })
            })
            .collect()
    }

    /// The shortest of the piece on `attacker`'s trails that captures on `target`, ending there:
    /// a ray up to it, a jump or a king's step onto it, a pawn's forward diagonal onto it.
    pub fn attack_trail(&self, attacker: Cell, target: Cell) -> Option<Trail> {
        let pawn = self.piece_at(attacker)?.role() == Role::Pawn;
        self.trails(attacker)
            .into_iter()
            .filter(|t| !pawn || t.kind == TrailKind::Diagonal)
            .filter_map(|mut t| {
                let at = t.steps.iter().position(|s| s.cell == target)?;
                // A jump's earlier cells are passed over, not reached.
                if t.kind == TrailKind::Jump && at + 1 != t.steps.len() {
                    return None;
                }
                t.steps.truncate(at + 1);
                t.end = TrailEnd::Piece(target);
                Some(t)
            })
            .min_by_key(|t| t.steps.len())
    }
}
