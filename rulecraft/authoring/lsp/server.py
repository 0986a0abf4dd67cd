"""The language server on pygls: the protocol's requests answered from compiler data.

Diagnostics are published whenever a document is opened or changed, for every file of its
ruleset folder (an edit in one file can fix or break another). Positions are converted between
the client's units (UTF-16 unless it chose another encoding) and the spans' characters with
pygls's position codec.

A request is answered only about a document the editor has opened (it sent its text): another
document is nothing to tell (no hover, no symbols, no edits), never a file read from disk behind
the editor's back. Before `initialize` a request is refused with the protocol's "server not
initialized" error and a notification is dropped, as the protocol says.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcServerNotInitialized
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ...compiler.diagnostics import Diagnostic
from ...compiler.source import Span
from ...version import __version__
from ..fmt import format_text
from . import describe, navigation
from .analysis import Analysis, Documents
from .navigation import What

SYMBOL_KINDS = {What.KIND: lsp.SymbolKind.Class, What.RECORD: lsp.SymbolKind.Struct, What.ENUM: lsp.SymbolKind.Enum,
                What.MEMBER: lsp.SymbolKind.EnumMember, What.PROPERTY: lsp.SymbolKind.Property,
                What.DEFINITION: lsp.SymbolKind.Object, What.CONST: lsp.SymbolKind.Constant,
                What.ASSUMPTION: lsp.SymbolKind.Constant, What.EVENT: lsp.SymbolKind.Event,
                What.FUNCTION: lsp.SymbolKind.Function, What.DIE: lsp.SymbolKind.Object, What.TABLE: lsp.SymbolKind.Array,
                What.POOL: lsp.SymbolKind.Array, What.ZONE: lsp.SymbolKind.Array, What.SCENARIO: lsp.SymbolKind.Module,
                What.PARAM: lsp.SymbolKind.Variable, What.OPTION: lsp.SymbolKind.Boolean,
                What.ABILITY: lsp.SymbolKind.Interface, What.TEST: lsp.SymbolKind.Method, What.RULESET: lsp.SymbolKind.Package}
COMPLETION_KINDS = {What.KIND: lsp.CompletionItemKind.Class, What.RECORD: lsp.CompletionItemKind.Struct,
                    What.ENUM: lsp.CompletionItemKind.Enum, What.MEMBER: lsp.CompletionItemKind.EnumMember,
                    What.PROPERTY: lsp.CompletionItemKind.Property, What.BUILTIN_FIELD: lsp.CompletionItemKind.Property,
                    What.EVENT: lsp.CompletionItemKind.Event, What.BUILTIN_EVENT: lsp.CompletionItemKind.Event,
                    What.FUNCTION: lsp.CompletionItemKind.Function, What.BUILTIN: lsp.CompletionItemKind.Function,
                    What.TABLE: lsp.CompletionItemKind.Function, What.CONST: lsp.CompletionItemKind.Constant,
                    What.ASSUMPTION: lsp.CompletionItemKind.Constant, What.TYPE: lsp.CompletionItemKind.TypeParameter,
                    What.ABILITY: lsp.CompletionItemKind.Interface, What.SCENARIO: lsp.CompletionItemKind.Module}


class RulesServer(LanguageServer):
    """A pygls server with the editor's documents as the compiler sees them."""

    def __init__(self) -> None:
        super().__init__("rulecraft", __version__)
        self.documents = Documents()
        self.published: dict[str, list[lsp.Diagnostic]] = {}

    def path_of(self, uri: str) -> Path:
        return Path(to_fs_path(uri) or uri).resolve()

    def ready(self) -> bool:
        """Whether the client has sent `initialize` (pygls has no workspace before)."""
        try:
            return self.workspace is not None
        except RuntimeError:
            return False

    def text_of(self, uri: str) -> str | None:
        """The text of a document the editor has opened; None for any other."""
        document = self.workspace.text_documents.get(unquote(uri))
        return None if document is None else document.source.replace("\r\n", "\n").replace("\r", "\n")

    def pos(self, uri: str, position: lsp.Position) -> navigation.Pos | None:
        """A client's position as a span counts it: line and character from 1 (None: not opened)."""
        text = self.text_of(uri)
        if text is None:
            return None
        at = self.workspace.position_codec.position_from_client_units(text.split("\n"), position)
        return at.line + 1, at.character + 1

    def range(self, a: Analysis, span: Span) -> lsp.Range:
        """A span in the client's units, counted on the file's text in the editor if it is open."""
        path, source = a.paths.get(span.file), a.sources.get(span.file)
        text = self.documents.texts.get(path) if path is not None else None
        lines = text.split("\n") if text is not None else source.lines if source is not None else []
        start = lsp.Position(span.line - 1, span.column - 1)
        end = lsp.Position(span.end_line - 1, span.end_column - 1)
        return self.workspace.position_codec.range_to_client_units(lines, lsp.Range(start, end))

    def location(self, a: Analysis, span: Span) -> lsp.Location | None:
        path = a.paths.get(span.file)
        return lsp.Location(from_fs_path(str(path)), self.range(a, span)) if path is not None else None

    def at(self, uri: str, position: lsp.Position) -> tuple[Analysis, str, navigation.Pos] | None:
        """The analysis of a document, the document's name in it and the position as spans count it."""
        pos = self.pos(uri, position)
        if pos is None:
            return None
        path = self.path_of(uri)
        a = self.documents.analysis(path)
        label = a.label_of(path)
        return (a, label, pos) if label is not None else None

    def target(self, uri: str, position: lsp.Position) -> tuple[Analysis, navigation.Target, str, navigation.Pos] | None:
        found = self.at(uri, position)
        if found is None:
            return None
        a, label, pos = found
        target = navigation.resolve(a, label, pos)
        return (a, target, label, pos) if target is not None else None

    def edited(self, uri: str) -> None:
        """A document opened or changed: compile its ruleset, publish what changed."""
        path, text = self.path_of(uri), self.text_of(uri)
        if text is None:
            return
        a = self.documents.update(path, text)
        for file, found in self.documents.diagnostics(path).items():
            file_uri = from_fs_path(str(file))
            shown = [self.diagnostic(a, d) for d in found]
            if file == path or self.published.get(file_uri) != shown:
                self.published[file_uri] = shown
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(file_uri, shown))

    def diagnostic(self, a: Analysis, d: Diagnostic) -> lsp.Diagnostic:
        span = d.span or Span("", 1, 1, 1, 1)
        related = [lsp.DiagnosticRelatedInformation(loc, message) for s, message in d.labels
                   if (loc := self.location(a, s)) is not None]
        return lsp.Diagnostic(self.range(a, span), d.message + (f"\nhelp: {d.help}" if d.help else ""),
                              lsp.DiagnosticSeverity.Error if d.severity == "error" else lsp.DiagnosticSeverity.Warning,
                              code=d.code, source="rulecraft", related_information=related or None)


NOTIFICATIONS = frozenset({lsp.TEXT_DOCUMENT_DID_OPEN, lsp.TEXT_DOCUMENT_DID_CHANGE, lsp.TEXT_DOCUMENT_DID_CLOSE})


def feature(server: RulesServer, method: str, options: Any = None) -> Callable[[Callable], Callable]:
    """`server.feature`, with the protocol's rule before `initialize`: a notification is dropped,
    a request refused (ServerNotInitialized)."""
    def register(handler: Callable) -> Callable:
        @functools.wraps(handler)
        def guarded(ls: RulesServer, params: Any) -> Any:
            if ls.ready():
                return handler(ls, params)
            if method in NOTIFICATIONS:
                return None
            raise JsonRpcServerNotInitialized()

        return server.feature(method, options)(guarded)

    return register


def make_server() -> RulesServer:
    """The server with every feature registered."""
    server = RulesServer()

    @feature(server, lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @feature(server, lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @feature(server, lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.documents.close(ls.path_of(params.text_document.uri))

    _navigation(server)
    _editing(server)
    return server


def _navigation(server: RulesServer) -> None:
    @feature(server, lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulesServer, params: lsp.HoverParams) -> lsp.Hover | None:
        found = ls.target(params.text_document.uri, params.position)
        if found is None:
            return None
        a, target, label, pos = found
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, describe.hover(a, target, label, pos)))

    @feature(server, lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulesServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        found = ls.target(params.text_document.uri, params.position)
        if found is None or found[1].site is None:
            return None
        return ls.location(found[0], found[1].site)

    @feature(server, lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: RulesServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
        found = ls.target(params.text_document.uri, params.position)
        if found is None:
            return []
        a, target = found[0], found[1]
        spans = [s for s in navigation.references(a, target)
                 if params.context.include_declaration or target.site is None or s != target.site]
        return [loc for s in spans if (loc := ls.location(a, s)) is not None]

    @feature(server, lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: RulesServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        path = ls.path_of(params.text_document.uri)
        if ls.text_of(params.text_document.uri) is None:
            return []
        a = ls.documents.analysis(path)
        label = a.label_of(path)
        module = a.module(label) if label is not None else None
        return [_symbol(ls, a, entry) for entry in describe.outline(module)] if module is not None else []


def _symbol(ls: RulesServer, a: Analysis, entry: describe.Outline) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(entry.name, SYMBOL_KINDS.get(entry.what, lsp.SymbolKind.Variable), ls.range(a, entry.span),
                              ls.range(a, entry.name_span), detail=entry.detail or None,
                              children=[_symbol(ls, a, c) for c in entry.children] or None)


def _editing(server: RulesServer) -> None:
    @feature(server, lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["."]))
    def completion(ls: RulesServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        uri = params.text_document.uri
        text, pos = ls.text_of(uri), ls.pos(uri, params.position)
        if text is None or pos is None:
            return lsp.CompletionList(is_incomplete=False, items=[])
        line, column = pos
        lines = text.split("\n")
        before = lines[line - 1][:column - 1] if line <= len(lines) else ""
        after_dot = before.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_").endswith(".")
        a = ls.documents.analysis(ls.path_of(uri))
        items = [lsp.CompletionItem(c.label, kind=COMPLETION_KINDS.get(c.what, lsp.CompletionItemKind.Value),
                                    detail=c.detail) for c in describe.completions(a, after_dot)]
        return lsp.CompletionList(is_incomplete=False, items=items)

    @feature(server, lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RulesServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
        uri = params.text_document.uri
        path = ls.path_of(uri)
        text = ls.text_of(uri)
        if text is None or ls.documents.parsed.get(path) != text:
            return []  # as `rulecraft fmt`, only a file that parses is laid out
        laid = format_text(text)
        if laid == text:
            return []
        lines = text.split("\n")
        end = ls.workspace.position_codec.position_to_client_units(lines, lsp.Position(len(lines) - 1, len(lines[-1])))
        return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), laid)]


def serve() -> None:
    make_server().start_io()
