"""Reading LLVM IR text (as opt -S, clang -S -emit-llvm and llvm-dis write
it): the pieces every script's own view of a module is made of. The
mutator (checks/verify/mutate.py) and the injector
(checks/bisect/inject.py) read metadata nodes, attachments and function
bodies, capkit (checks/captures) the parameters of definitions, the
inspect check the attachments and the nodes they reach.

  split_ops(body)        the operands of a node's `!{...}`, as text
  params(line, open)     the parameters of the list opening at line[open]
  functions(lines)       every definition: name, `define` line, closing line
  NODE, NAMED, NUMBERED  a generic node `!N = [distinct ]!{...}`, a named
                         one `!name = !{...}`, any numbered metadata
  TBAA, SCOPES, ALIAS    attachments: `!tbaa !N`; `!alias.scope !N` or
                         `!noalias !N`; any of these or `!tbaa.struct !N`
  node_id(op)            N for an operand `!N`, else None
"""

import re

# A global's or a local's name after its sigil: plain, or quoted.
NAME = r'(?:[-a-zA-Z$._0-9]+|"(?:[^"\\]|\\.)*")'
DEFINE = re.compile(r'^define\b[^@]*@(' + NAME + r')\(')
NODE = re.compile(r'^!(\d+) = (distinct )?!\{(.*)\}\s*$')
NAMED = re.compile(r'^!([A-Za-z_.$][\w.$-]*) = !\{(.*)\}\s*$')
NUMBERED = re.compile(r'^!(\d+) = ')
REF = re.compile(r'^!(\d+)$')
TBAA = re.compile(r'!tbaa !(\d+)')
SCOPES = re.compile(r'!(?:alias\.scope|noalias) !(\d+)')
ALIAS = re.compile(r'!(tbaa\.struct|tbaa|alias\.scope|noalias) !(\d+)')


def node_id(op):
    m = REF.match(op or '')
    return int(m.group(1)) if m else None


def _split(text, start, closing):
    """The (start, end) spans of the comma-separated items of `text` from
    `start`, commas inside strings and brackets left alone. With
    `closing`, text[start] opens a bracket and the items end at the one
    that closes it: (spans, its index); otherwise at the end of the text
    (the last item included, even when empty)."""
    spans, depth, in_str = [], 0, False
    item = start + 1 if closing else start
    top = 1 if closing else 0
    i = start
    while i < len(text):
        ch = text[i]
        if in_str:
            if ch == '\\':
                i += 1
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in '([{<':
            depth += 1
        elif ch in ')]}>':
            depth -= 1
            if closing and depth == 0:
                if text[item:i].strip():
                    spans.append((item, i))
                return spans, i
        elif ch == ',' and depth == top:
            spans.append((item, i))
            item = i + 1
        i += 1
    if closing:
        raise ValueError('unbalanced list: ' + text[:200])
    spans.append((item, len(text)))
    return spans, len(text)


def split_ops(body):
    """The top-level operands of the contents of `!{...}`, stripped
    (strings and nested lists kept whole); [] for `!{}`."""
    ops = [body[a:b].strip() for a, b in _split(body, 0, False)[0]]
    return [] if ops == [''] else ops


def params(line, open_paren):
    """The (start, end) spans of the parameters of the list that opens at
    line[open_paren] == '(', and the index of its ')'."""
    return _split(line, open_paren, True)


def functions(lines):
    """[(name, index of the `define` line, index of its closing `}` line)]
    of the definitions in `lines`, in order; the body is between them
    (a definition left open runs to the end: len(lines))."""
    out, i = [], 0
    while i < len(lines):
        m = DEFINE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith('}'):
            j += 1
        out.append((m.group(1), i, j))
        i = j + 1
    return out
