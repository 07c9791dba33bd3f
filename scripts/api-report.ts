// The API reports of the public faces (as api-extractor's `*.api.md`, which the MCP SDK locks its surface
// with): the contract (every file of src/contract/), the application's face (src/application/index.ts) and
// the engine's (src/consultation/index.ts). A report lists each name a face exports with its declaration as
// written, followed through re-exports to where it is made, comments and bodies left out: a function's
// signature, an interface or type as declared, a class's public members, a constant's declared type (else
// its value as written, a function's without its body). Read with the TypeScript parser alone (no program,
// no build, no type checking: well under a second), so the `.ts` imports need nothing; api-extractor would
// need declaration files built first. test/architecture/api-reports.test.ts holds each face to its
// committed report in `npm test`; `npm run api:report` writes them anew.

import { globSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const repository = fileURLToPath(new URL("..", import.meta.url));

/** One public face: the report's name and the source files whose exports it lists. */
export interface Face {
  name: string;
  files: string[];
}

/** The faces, each reported in api-report/<name>.api.md. */
export const faces: Face[] = [
  { name: "contract", files: ["src/contract/**/*.ts"] },
  { name: "application", files: ["src/application/index.ts"] },
  { name: "consultation", files: ["src/consultation/index.ts"] },
];

/** Where the report of `face` is kept. */
export const reportPath = (face: Face) => join(repository, "api-report", `${face.name}.api.md`);

/** The command that writes the reports anew. */
export const reportCommand = "npm run api:report";

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];

/** Whether a class member is public. */
function isPublic(member: ts.ClassElement): boolean {
  if (member.name && ts.isPrivateIdentifier(member.name)) return false;
  const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0;
}

/** A class member without its body or initializer. */
function memberSignature(member: ts.ClassElement): ts.ClassElement {
  const { factory } = ts;
  if (ts.isMethodDeclaration(member))
    return factory.updateMethodDeclaration(
      member,
      member.modifiers,
      member.asteriskToken,
      member.name,
      member.questionToken,
      member.typeParameters,
      member.parameters,
      member.type,
      undefined,
    );
  if (ts.isConstructorDeclaration(member))
    return factory.updateConstructorDeclaration(member, member.modifiers, member.parameters, undefined);
  if (ts.isPropertyDeclaration(member))
    return factory.updatePropertyDeclaration(
      member,
      member.modifiers,
      member.name,
      member.questionToken,
      member.type,
      undefined,
    );
  return member;
}

/** An arrow function or function expression, as an arrow function with its body left out. */
function withoutBody(node: ts.ArrowFunction | ts.FunctionExpression): ts.Expression {
  const { modifiers, typeParameters, parameters, type } = node;
  const elided = ts.factory.createIdentifier("…");
  return ts.factory.createArrowFunction(modifiers, typeParameters, parameters, type, undefined, elided);
}

/** A constant as the report shows it: its declared type, else its value (a function's, bodiless). */
function constantOf(node: ts.VariableDeclaration): ts.Node {
  const { factory } = ts;
  const value = node.initializer;
  const shown = node.type
    ? undefined
    : value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
      ? withoutBody(value)
      : value;
  return factory.createVariableStatement(
    exported,
    factory.createVariableDeclarationList(
      [factory.createVariableDeclaration(node.name, undefined, node.type, shown)],
      ts.NodeFlags.Const,
    ),
  );
}

/** The declaration `node` as the report shows it: comments, bodies and private members left out. */
function declarationOf(node: ts.Node): ts.Node {
  const { factory } = ts;
  if (ts.isFunctionDeclaration(node))
    return factory.updateFunctionDeclaration(
      node,
      exported,
      node.asteriskToken,
      node.name,
      node.typeParameters,
      node.parameters,
      node.type,
      undefined,
    );
  if (ts.isClassDeclaration(node))
    return factory.updateClassDeclaration(
      node,
      exported,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      node.members.filter(isPublic).map(memberSignature),
    );
  if (ts.isVariableDeclaration(node)) return constantOf(node);
  if (ts.isInterfaceDeclaration(node))
    return factory.updateInterfaceDeclaration(
      node,
      exported,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      node.members,
    );
  if (ts.isTypeAliasDeclaration(node))
    return factory.updateTypeAliasDeclaration(node, exported, node.name, node.typeParameters, node.type);
  return node;
}

const parsed = new Map<string, ts.SourceFile>();

/** The source file at `path` (absolute), parsed once. */
function sourceFile(path: string): ts.SourceFile {
  let file = parsed.get(path);
  if (!file) {
    file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(path, file);
  }
  return file;
}

/** The module `specifier` names from `file`: a path, or undefined for a package. */
function moduleAt(file: ts.SourceFile, specifier: ts.Expression | undefined): string | undefined {
  if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) return undefined;
  return join(dirname(file.fileName), specifier.text);
}

/**
 * The top-level declarations of `name` in `file`, following imports and re-exports to where it is made;
 * a name a package makes, as the line that re-exports it.
 */
function declarationsOf(file: ts.SourceFile, name: string): (ts.Node | string)[] {
  const found: ts.Node[] = [];
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      found.push(...statement.declarationList.declarations.filter((entry) => entry.name.getText() === name));
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement)) &&
      statement.name?.text === name
    )
      found.push(statement);
  }
  if (found.length > 0) return found;
  for (const statement of file.statements) {
    const elements = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : ts.isExportDeclaration(statement)
        ? statement.exportClause
        : undefined;
    if (!elements || !(ts.isNamedImports(elements) || ts.isNamedExports(elements))) continue;
    const element = elements.elements.find((entry) => entry.name.text === name);
    if (!element) continue;
    const { moduleSpecifier } = statement as ts.ImportDeclaration | ts.ExportDeclaration;
    const original = element.propertyName?.getText() ?? name;
    const target = moduleAt(file, moduleSpecifier);
    if (!target) return [`export { ${original} } from ${moduleSpecifier?.getText() ?? "this module"};`];
    return declarationsOf(sourceFile(target), original);
  }
  return [];
}

/** The names `file` exports: its exported declarations and its export lists. */
function exportedNames(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        names.push(...statement.exportClause.elements.map((entry) => entry.name.text));
      else {
        const target = moduleAt(file, statement.moduleSpecifier);
        if (target) names.push(...exportedNames(sourceFile(target)));
      }
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement))
      names.push(...statement.declarationList.declarations.map((entry) => entry.name.getText()));
    else if ("name" in statement && statement.name) names.push((statement.name as ts.Identifier).text);
  }
  return [...new Set(names)].sort();
}

/** The report's section of one module: each name it exports, declared. */
function moduleReport(path: string): string {
  const file = sourceFile(join(repository, path));
  const blocks = exportedNames(file).map((name) =>
    declarationsOf(file, name)
      .map((node) => {
        if (typeof node === "string") return node;
        const text = printer.printNode(ts.EmitHint.Unspecified, declarationOf(node), node.getSourceFile());
        const own = (node as ts.Node & { name?: ts.Node }).name?.getText();
        return own && own !== name ? `${text}\nexport { ${own} as ${name} };` : text;
      })
      .join("\n"),
  );
  return `## ${path}\n\n\`\`\`ts\n${blocks.join("\n\n")}\n\`\`\`\n`;
}

/** The source files of `face`, relative to the repository, in order. */
function faceFiles(face: Face): string[] {
  return face.files
    .flatMap((pattern) => globSync(pattern, { cwd: repository }))
    .filter((path) => !path.endsWith(".test.ts"))
    .sort();
}

/** The report of `face`, as it is now. */
export function faceReport(face: Face): string {
  const sections = faceFiles(face).map(moduleReport);
  return `# API report: ${face.name}\n\nWhat the face exports, written by \`${reportCommand}\` (scripts/api-report.ts); a change here is a change of the face.\n\n${sections.join("\n")}`;
}

/** The committed report of `face`, or "" when there is none. */
export function committedReport(face: Face): string {
  try {
    return readFileSync(reportPath(face), "utf8");
  } catch {
    return "";
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const face of faces) {
    writeFileSync(reportPath(face), faceReport(face));
    process.stdout.write(`${relative(repository, reportPath(face))}\n`);
  }
}
