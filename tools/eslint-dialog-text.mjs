// ESLint plugin `dialog-text`: SweetAlert2 parses some of its options as HTML, so user
// text in one of them runs as markup (a student's name with an <img onerror> in "{name} is an
// Admin Now!" ran in the admin's page). Its rule `text-only` refuses anything but a string literal
// in those options, wherever the options are written: in a `fire`, `mixin` or `update` call, in
// `new Swal(...)`, in an object typed `SweetAlertOptions` (a variable, a return value, `satisfies`,
// `as`), and in the objects those spread or name. User text goes through `titleText` and `text`,
// which SweetAlert2 sets as text: shared-auth's showDialog does it for every app.

/** Options SweetAlert2 renders as HTML where text has its own option (`titleText`, `text`): literals only. */
const LITERAL_ONLY = new Set(["title", "html", "footer"]);

/** Options it can only take as HTML (labels, icon markup): a literal, or text through escapeHtml(). */
const ESCAPABLE = new Set([
  "confirmButtonText",
  "denyButtonText",
  "cancelButtonText",
  "closeButtonHtml",
  "loaderHtml",
  "iconHtml",
  "inputLabel",
  "inputPlaceholder",
]);

const OPTIONS_TYPE = "SweetAlertOptions";
const SWAL_NAME = /^(swal|sweetalert)/i;

const isStringLiteral = (node) =>
  (node.type === "Literal" && typeof node.value === "string") ||
  (node.type === "TemplateLiteral" && node.expressions.length === 0);

const isEscaped = (node) =>
  node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === "escapeHtml";

/** `Swal`, `SweetAlert`, `this.swal`: the receiver's own name. */
function receiverName(node) {
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression" && !node.computed) return node.property.name;
  return "";
}

function propertyName(property) {
  if (!property.computed && property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal") return String(property.key.value);
  return null;
}

function isOptionsType(annotation) {
  const type = annotation?.typeAnnotation;
  if (type?.type !== "TSTypeReference") return false;
  const name = type.typeName.type === "TSQualifiedName" ? type.typeName.right.name : type.typeName.name;
  return name === OPTIONS_TYPE;
}

/** @type {import("eslint").Rule.RuleModule} */
const textOnly = {
  meta: {
    type: "problem",
    docs: { description: "SweetAlert2 options rendered as HTML take string literals only: user text is text." },
    schema: [],
    messages: {
      literal:
        "SweetAlert2 renders `{{name}}` as HTML, so user text in it would run as markup: pass text as `titleText` or `text` (shared-auth's showDialog does), or a string literal here.",
      escapable:
        "SweetAlert2 renders `{{name}}` as HTML, so user text in it would run as markup: pass a string literal, or the text through escapeHtml().",
      positional:
        "SweetAlert2's fire(title, html) renders both as HTML: pass an options object with `titleText` and `text` (shared-auth's showDialog does).",
    },
  },
  create(context) {
    const seen = new WeakSet();

    /** The object a `const options = {...}` names, when the options are passed by name. */
    function resolve(identifier) {
      let scope = context.sourceCode.getScope(identifier);
      while (scope) {
        const variable = scope.set.get(identifier.name);
        if (variable) {
          const [def] = variable.defs;
          return variable.defs.length === 1 && def.type === "Variable" && def.node.init ? def.node.init : null;
        }
        scope = scope.upper;
      }
      return null;
    }

    function checkValue(name, value) {
      if (LITERAL_ONLY.has(name) && !isStringLiteral(value)) {
        context.report({ node: value, messageId: "literal", data: { name } });
      } else if (ESCAPABLE.has(name) && !isStringLiteral(value) && !isEscaped(value)) {
        context.report({ node: value, messageId: "escapable", data: { name } });
      }
    }

    function checkOptions(node) {
      if (!node || seen.has(node)) return;
      seen.add(node);
      switch (node.type) {
        case "ObjectExpression":
          for (const property of node.properties) {
            if (property.type === "SpreadElement") checkOptions(property.argument);
            else {
              const name = propertyName(property);
              if (name) checkValue(name, property.value);
            }
          }
          break;
        case "ConditionalExpression":
          checkOptions(node.consequent);
          checkOptions(node.alternate);
          break;
        case "LogicalExpression":
          checkOptions(node.right);
          break;
        case "TSAsExpression":
        case "TSSatisfiesExpression":
        case "TSNonNullExpression":
          checkOptions(node.expression);
          break;
        case "Identifier":
          checkOptions(resolve(node));
          break;
      }
    }

    /** fire(title, html, icon), the short form, renders its first two arguments as HTML. */
    function isShortForm(node) {
      const [first] = node.arguments;
      if (node.arguments.length > 1) return true;
      if (first.type === "Identifier") {
        const init = resolve(first);
        return init !== null && init.type !== "ObjectExpression";
      }
      return ["Literal", "TemplateLiteral", "BinaryExpression"].includes(first.type);
    }

    function checkCall(node) {
      if (node.arguments.length === 0) return;
      if (node.callee.property.name === "fire" && isShortForm(node)) {
        for (const argument of node.arguments.slice(0, 2)) {
          if (!isStringLiteral(argument)) context.report({ node: argument, messageId: "positional" });
        }
      } else checkOptions(node.arguments[0]);
    }

    /** The function a return statement returns from. */
    function enclosingFunction(node) {
      let current = node.parent;
      while (current && !/Function/.test(current.type)) current = current.parent;
      return current;
    }

    return {
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(fire|mixin)$/]": checkCall,
      "CallExpression[callee.type='MemberExpression'][callee.property.name='update']"(node) {
        if (SWAL_NAME.test(receiverName(node.callee.object))) checkOptions(node.arguments[0]);
      },
      NewExpression(node) {
        if (SWAL_NAME.test(receiverName(node.callee))) checkOptions(node.arguments[0]);
      },
      VariableDeclarator(node) {
        if (isOptionsType(node.id.typeAnnotation)) checkOptions(node.init);
      },
      "TSAsExpression, TSSatisfiesExpression"(node) {
        if (isOptionsType({ typeAnnotation: node.typeAnnotation })) checkOptions(node.expression);
      },
      ReturnStatement(node) {
        if (isOptionsType(enclosingFunction(node)?.returnType)) checkOptions(node.argument);
      },
      "ArrowFunctionExpression[body.type!='BlockStatement']"(node) {
        if (isOptionsType(node.returnType)) checkOptions(node.body);
      },
    };
  },
};

export default { meta: { name: "dialog-text" }, rules: { "text-only": textOnly } };
