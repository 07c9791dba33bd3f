// The function-length rule: no function in `src/` or `web/src/` runs over 80 lines (its first line to its
// last, arrow functions, closures, methods and accessors too) unless a comment directly above it, or above
// the statement that declares it, says why with `long-function: <reason>`. Parsed with the TypeScript
// compiler, so a brace in a string or a template cannot fool the count. Run by
// test/architecture/long-functions.test.ts inside `npm test`; `node scripts/long-functions.ts` lists them.

import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The most lines a function may span without a `long-function:` comment. */
export const lineLimit = 80;

/** One source file to check: its path (as reported) and its text. */
export interface SourceText {
  path: string;
  text: string;
}

/** A function over the limit: where it starts (1-based line), what it is called, how many lines it spans. */
export interface LongFunction {
  path: string;
  line: number;
  name: string;
  lines: number;
}

const why = /long-function:\s*\S/;

/** The source files the rule covers, relative to `root`: `src/**\/*.ts` and `web/src/**\/*.ts(x)`. */
export function sourceFiles(root: string): SourceText[] {
  const paths = [
    ...globSync("src/**/*.ts", { cwd: root }),
    ...globSync("web/src/**/*.{ts,tsx}", { cwd: root }),
  ];
  return paths.sort().map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
}

/** Every function in `files` that spans more than `limit` lines and has no `long-function:` comment. */
export function findLongFunctions(files: readonly SourceText[], limit = lineLimit): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files) {
    const kind = file.path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node): void => {
      if (isFunction(node)) {
        const first = lineOf(source, node.getStart(source));
        const lines = lineOf(source, node.getEnd()) - first + 1;
        if (lines > limit && !explained(source, node))
          found.push({ path: file.path, line: first, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** One offender as the check prints it: `path:line name (N lines)`. */
export function describeLongFunction(offender: LongFunction): string {
  return `${offender.path}:${offender.line} ${offender.name} (${offender.lines} lines)`;
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

const lineOf = (source: ts.SourceFile, position: number) =>
  source.getLineAndCharacterOfPosition(position).line + 1;

/**
 * The nodes a function's why-comment may sit above: the function itself, then what holds it up to its
 * statement (a `const X = (...) =>`, a property `key: () =>`, a wrapper call `memo(() => ...)`, an export).
 */
function anchors(node: ts.Node): ts.Node[] {
  const found = [node];
  let current = node;
  while (current.parent && holds(current.parent, current)) {
    current = current.parent;
    found.push(current);
  }
  return found;
}

function holds(parent: ts.Node, child: ts.Node): boolean {
  if (ts.isCallExpression(parent)) return parent.arguments.some((argument) => argument === child);
  if (ts.isBinaryExpression(parent)) return parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  return (
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isNonNullExpression(parent) ||
    ts.isVariableDeclaration(parent) ||
    ts.isVariableDeclarationList(parent) ||
    ts.isVariableStatement(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isExportAssignment(parent) ||
    ts.isExpressionStatement(parent)
  );
}

/** Whether the comments that end on the lines directly above one of the function's anchors say why. */
function explained(source: ts.SourceFile, node: ts.Node): boolean {
  return anchors(node).some((anchor) => {
    const comments = ts.getLeadingCommentRanges(source.text, anchor.getFullStart()) ?? [];
    let nextLine = lineOf(source, anchor.getStart(source));
    for (const comment of [...comments].reverse()) {
      if (lineOf(source, comment.end) < nextLine - 1) break; // a blank line parts it from the function
      if (why.test(source.text.slice(comment.pos, comment.end))) return true;
      nextLine = lineOf(source, comment.pos);
    }
    return false;
  });
}

/** What a reader would call the function: its own name, its class's, or what it is assigned or passed to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  const owner = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.text}.` : "";
  if (ts.isConstructorDeclaration(node)) return `${owner}constructor`;
  if (ts.isGetAccessorDeclaration(node)) return `get ${owner}${node.name.getText()}`;
  if (ts.isSetAccessorDeclaration(node)) return `set ${owner}${node.name.getText()}`;
  if (ts.isMethodDeclaration(node)) return `${owner}${node.name.getText()}`;
  if (node.name) return node.name.getText();
  let callee: string | undefined;
  for (const anchor of anchors(node).slice(1)) {
    if (
      ts.isVariableDeclaration(anchor) ||
      ts.isPropertyAssignment(anchor) ||
      ts.isPropertyDeclaration(anchor)
    )
      return anchor.name.getText();
    if (ts.isBinaryExpression(anchor)) return anchor.left.getText();
    if (ts.isExportAssignment(anchor)) return "default";
    if (ts.isCallExpression(anchor)) callee ??= `${anchor.expression.getText()} callback`;
  }
  return callee ?? "(anonymous)";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const offenders = findLongFunctions(sourceFiles(root));
  for (const offender of offenders) process.stdout.write(`${describeLongFunction(offender)}\n`);
  if (offenders.length > 0) {
    process.stderr.write(
      `${offenders.length} functions run over ${lineLimit} lines: split them, or say why above each with a "// long-function: <reason>" comment.\n`,
    );
    process.exitCode = 1;
  }
}
