// For the tests that walk every request: each text field of each schema, by name.
import * as yup from 'yup';
import { TOOL_SCHEMAS } from '../tools';
import * as requests from './index';

/** Every request schema in the contracts package, by a name for the report. */
const SCHEMAS: Array<[string, yup.Schema]> = [
  ...Object.entries(requests as Record<string, unknown>).flatMap(
    ([name, value]): Array<[string, yup.Schema]> =>
      yup.isSchema(value) ? [[name, value as yup.Schema]] : [],
  ),
  ...Object.entries(TOOL_SCHEMAS).map(([kind, schema]): [string, yup.Schema] => [`tool ${kind}`, schema]),
];

/** Each text field of a schema, nested objects and list items included (`chapters[].text`). */
function textFields(schema: yup.Schema, path = ''): Array<[string, yup.Schema]> {
  if (schema instanceof yup.ObjectSchema)
    return Object.entries(schema.fields as Record<string, yup.Schema>).flatMap(([key, field]) =>
      textFields(field, path ? `${path}.${key}` : key),
    );
  if (schema instanceof yup.ArraySchema && schema.innerType)
    return textFields(schema.innerType as yup.Schema, `${path}[]`);
  return schema.type === 'string' ? [[path, schema]] : [];
}

/** Every text field of every request, as ["editBookRequest chapters[].text", its schema]. */
export const REQUEST_TEXT_FIELDS = SCHEMAS.flatMap(([name, schema]) =>
  textFields(schema).map(([path, field]): [string, yup.Schema] => [`${name} ${path}`, field]),
);

/** The tests a value fails, by name (every test runs: abortEarly off). */
export function failedTests(schema: yup.Schema, value: string): string[] {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return (error.inner.length > 0 ? error.inner : [error]).map((e) => e.type ?? '');
  }
}
