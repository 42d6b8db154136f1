//! The drop survey of a file and of each of its blocks (docs/language.md,
//! "Where a construction works"), drawn once and shared: between the
//! blocks of one analysis, and with the analysis of the same declarations
//! with other steps (`analysis::analyze_like`, which checks what the solver
//! writes), since drawing 1,000 drops and computing a block's instances of
//! them costs more than a tiny level's whole search (docs/solver.md,
//! "Drops").

use super::instances::{self, DrawnInstance};
use super::types::Ir;
use super::{Instance, Origin, Problem, Scene, StepOp, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The drops of one file's declarations, and each block's instances of them.
#[derive(Debug, Default)]
pub struct SurveyCache {
    /// What the drops are drawn from: the seed and the declared values.
    seed: u64,
    values: Vec<Option<Value>>,
    /// Drawn when first asked for, by a block whose construction works
    /// where declared.
    drawn: OnceLock<Vec<DrawnInstance>>,
    /// The solver's instance with the dropped points nudged
    /// (`instances::nudged_drops`), made when first asked for.
    nudged: OnceLock<Option<DrawnInstance>>,
    /// Each block's instances by its name, with what they are computed
    /// from: another block of that name (an edit of its goals) replaces
    /// them.
    blocks: Mutex<HashMap<String, BlockSurvey>>,
}

/// A block's instances of the drops, with what they are computed from.
type BlockSurvey = (BlockKey, Arc<Vec<Instance>>);

/// What a block's instances of the drops are computed from.
#[derive(Debug, PartialEq)]
struct BlockKey {
    givens: Vec<usize>,
    setup: Vec<usize>,
    goals: Vec<Vec<Ir>>,
    unit: u64,
    /// The declared instance (an edit of a number in a declaration, made
    /// in place by `redefine`, changes it and not the file's values the
    /// cache was made for), none when it cannot be computed.
    declared: Option<Instance>,
    drops_in_steps: bool,
}

impl BlockKey {
    fn of(problem: &Problem, drops_in_steps: bool) -> BlockKey {
        BlockKey {
            givens: problem.givens.clone(),
            setup: problem.setup.clone(),
            goals: (problem.goals.iter())
                .map(|goal| goal.definitions.clone())
                .collect(),
            unit: problem.unit.to_bits(),
            declared: problem.instances.first().cloned(),
            drops_in_steps,
        }
    }
}

impl SurveyCache {
    /// The cache for a scene of these declared values: `reuse` when it was
    /// made for the same ones.
    pub fn for_values(
        seed: u64,
        values: &[Option<Value>],
        reuse: Option<&Arc<SurveyCache>>,
    ) -> Arc<SurveyCache> {
        match reuse {
            Some(cache) if cache.seed == seed && cache.values == values => cache.clone(),
            _ => Arc::new(SurveyCache {
                seed,
                values: values.to_vec(),
                ..SurveyCache::default()
            }),
        }
    }
}

impl Scene {
    /// The file's drop survey, for an analysis of the same declarations
    /// (`ResolveOptions::reuse`).
    pub fn survey_cache(&self) -> Arc<SurveyCache> {
        self.drop_survey.clone()
    }

    /// Block `index`'s instances of the file's drop survey (docs/language.md,
    /// "Where a construction works"); empty without dropped points. The
    /// drops are drawn on the first call.
    pub fn survey(&self, index: usize) -> Arc<Vec<Instance>> {
        let problem = &self.problems[index];
        // With `tools drop` the solver's answers may drop points too.
        let drops_in_steps = problem.drops
            || problem
                .steps
                .iter()
                .any(|step| matches!(step.op, StepOp::Drop { .. }));
        if !self.drops_points() && !drops_in_steps {
            return Arc::default();
        }
        let key = BlockKey::of(problem, drops_in_steps);
        let blocks =
            || (self.drop_survey.blocks.lock()).unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((known, survey)) = blocks().get(&problem.name) {
            if *known == key {
                return survey.clone();
            }
        }
        // Made unlocked: another block's survey need not wait for it.
        let survey = Arc::new(self.block_survey(problem, drops_in_steps));
        let mut blocks = blocks();
        // Blocks renamed while the scene lives on (typing in the editor)
        // leave nothing behind.
        blocks.retain(|name, _| self.problems.iter().any(|block| block.name == *name));
        blocks.insert(problem.name.clone(), (key, survey.clone()));
        survey
    }

    /// The solver's instance with the dropped points nudged, as drawn for
    /// the file (`instances::nudged_drops`); none without dropped points.
    pub(super) fn nudged_drops(&self) -> Option<&DrawnInstance> {
        (self.drop_survey.nudged)
            .get_or_init(|| instances::nudged_drops(self, self.seed))
            .as_ref()
    }

    fn block_survey(&self, problem: &Problem, drops_in_steps: bool) -> Vec<Instance> {
        let mut survey = if self.drops_points() {
            let drawn =
                (self.drop_survey.drawn).get_or_init(|| instances::drop_survey(self, self.seed));
            instances::survey_instances(drawn, problem)
        } else {
            // Only the steps' own drops move: the declared instance each time.
            let Some(declared) = problem.instances.first() else {
                return Vec::new();
            };
            let mut moved = declared.clone();
            moved.origin = Origin::Dropped {
                points: Arc::new([]),
            };
            vec![moved; instances::SURVEY_DROPS]
        };
        if drops_in_steps {
            for (index, instance) in survey.iter_mut().enumerate() {
                instance.drop_seed = Some(self.seed ^ (index as u64) << 20);
            }
        }
        survey
    }
}
