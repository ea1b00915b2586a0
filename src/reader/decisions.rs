//! What a session remembers about its decisions (`aliaskit bisect`).
//!
//! Used only when `ALIASKIT_BISECT` or `ALIASKIT_BISECT_LOG` is set (see
//! `plugin::bisect`). A session memoizes the final answer per (function,
//! node pair, question), and the first node pair behind each id, so that
//! it can tell when two pairs of nodes share an id (equal contents).
//! Memory: one entry per distinct question a function asked, for the
//! session's lifetime; nothing at all when bisection is off.

use aliaskit_core::decision::{Contents, DecisionId, Question};
use aliaskit_core::derived::{self, InputFunction, Origin};
use aliaskit_core::names::Slot;
use aliaskit_core::NodeId;
use inkwell::llvm_sys::prelude::LLVMMetadataRef;
use rustc_hash::FxHashMap;

use super::{MetadataImporter, ModuleNumbers, Names};

/// (function key, first node, second node, question).
pub type DecisionKey = (u64, usize, usize, Question);

#[derive(Default)]
pub struct Decisions {
    answers: FxHashMap<DecisionKey, bool>,
    first_pair: FxHashMap<DecisionId, (usize, usize)>,
    pub contents: Contents,
}

impl Decisions {
    /// The final answer (kept or not) already given for `key`.
    pub fn answer(&self, key: DecisionKey) -> Option<bool> {
        self.answers.get(&key).copied()
    }

    /// Remembers the answer; returns whether `id` was already seen with
    /// another pair of nodes.
    pub fn remember(&mut self, key: DecisionKey, id: DecisionId, kept: bool) -> bool {
        self.answers.insert(key, kept);
        let pair = (key.1, key.2);
        *self.first_pair.entry(id).or_insert(pair) != pair
    }
}

/// A question as the log shows it: the question, its two nodes (first and
/// second side) and the numbers of their module, which name anonymous
/// nodes.
#[derive(Copy, Clone)]
pub struct LoggedQuestion<'a> {
    pub question: Question,
    pub nodes: [LLVMMetadataRef; 2],
    pub numbers: &'a dyn ModuleNumbers,
}

/// What a session says about its decisions, for ids and the log.
pub trait Decider {
    /// The session's importer and decision memo.
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions);

    /// For a node no access of the input carried: that, and what it was
    /// made from (`origin`, given the node and the input's function: see
    /// [`aliaskit_core::derived`]); `None` for a node of the input's
    /// accesses, or when the input is not known.
    ///
    /// # Safety
    /// `node` must be null or live, `numbers` of its module.
    unsafe fn origin_note(
        &mut self,
        numbers: &dyn ModuleNumbers,
        node: LLVMMetadataRef,
        origin: impl FnOnce(&mut Self, NodeId, &InputFunction) -> Option<Origin>,
    ) -> Option<String>
    where
        Self: Sized,
    {
        if numbers.carried(node)? {
            return None;
        }
        let id = self.parts().0.import(node)?;
        let input = numbers
            .input_function()
            .unwrap_or_default()
            .import(self.parts().0);
        let in_input = numbers.number(node).is_none_or(Slot::in_input);
        let origin = origin(self, id, &input);
        let importer = &*self.parts().0;
        let names = Names { numbers, importer };
        Some(derived::describe(
            &importer.graph,
            &names,
            in_input,
            origin.as_ref(),
            &input,
        ))
    }

    fn decisions(&mut self) -> &mut Decisions {
        self.parts().1
    }

    /// The content hash of a node (0 for null), memoized per node.
    ///
    /// # Safety
    /// `node` must be null or a live node.
    unsafe fn content(&mut self, node: LLVMMetadataRef) -> u64 {
        let (importer, decisions) = self.parts();
        match importer.import(node) {
            Some(id) => decisions.contents.of(&importer.graph, id),
            None => 0,
        }
    }

    /// Side `side` (0 or 1) of `asked` in readable form.
    ///
    /// # Safety
    /// The nodes must be null or live.
    unsafe fn readable(&mut self, asked: &LoggedQuestion<'_>, side: usize) -> String;
    /// Why the analysis decided `asked` so.
    ///
    /// # Safety
    /// The nodes must be null or live.
    unsafe fn why(&mut self, asked: &LoggedQuestion<'_>) -> String;
}
