/**
 * The parameter form: one row per property (name, type, required, description, allowed values), nested
 * editors for object properties and array items. Edits produce a new form model; the studio derives zod and
 * JSON Schema from it live.
 */
import type { ParamField, ParamShape, ParamType } from '../../engine/user-tools';
import { newField, PARAM_TYPES, withType } from '../../engine/user-tools';

interface FieldsProps {
  readonly fields: readonly ParamField[];
  readonly onChange: (fields: ParamField[]) => void;
  /** Where these fields sit, for accessible names: '' for top-level parameters, 'options.' for nested ones. */
  readonly path: string;
}

export function ParamFieldsEditor({ fields, onChange, path }: FieldsProps) {
  const update = (index: number, field: ParamField) => onChange(fields.map((f, i) => (i === index ? field : f)));
  const remove = (index: number) => onChange(fields.filter((_, i) => i !== index));
  const add = () => {
    const names = new Set(fields.map((f) => f.name));
    let n = fields.length + 1;
    while (names.has(`param${n}`)) n++;
    onChange([...fields, newField(`param${n}`)]);
  };
  return (
    <div className="tool-studio-fields">
      {fields.length === 0 && <p className="muted small">No parameters.</p>}
      {fields.map((field, index) => (
        <FieldRow
          key={index}
          field={field}
          path={path}
          onChange={(f) => update(index, f)}
          onRemove={() => remove(index)}
        />
      ))}
      <button type="button" className="tool-studio-small-button" onClick={add}>
        + Add {path ? `property to ${path.slice(0, -1)}` : 'parameter'}
      </button>
    </div>
  );
}

function FieldRow({
  field,
  path,
  onChange,
  onRemove,
}: {
  field: ParamField;
  path: string;
  onChange: (field: ParamField) => void;
  onRemove: () => void;
}) {
  const label = `${path}${field.name || '(unnamed)'}`;
  return (
    <fieldset className="tool-studio-field">
      <legend className="visually-hidden">Parameter {label}</legend>
      <div className="tool-studio-field-row">
        <input
          className="tool-studio-field-name"
          aria-label={`Name of parameter ${label}`}
          value={field.name}
          onChange={(e) => onChange({ ...field, name: e.target.value })}
        />
        <label className="tool-studio-inline">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(e) => onChange({ ...field, required: e.target.checked })}
          />
          required
        </label>
        <button
          type="button"
          className="tool-studio-small-button"
          aria-label={`Remove parameter ${label}`}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
      <ShapeEditor shape={field} label={label} onChange={(shape) => onChange({ ...field, ...shape })} />
    </fieldset>
  );
}

function ShapeEditor({
  shape,
  label,
  onChange,
}: {
  shape: ParamShape;
  label: string;
  onChange: (shape: ParamShape) => void;
}) {
  const scalarWithEnum = shape.type === 'string' || shape.type === 'number' || shape.type === 'integer';
  return (
    <div className="tool-studio-shape">
      <div className="tool-studio-field-row">
        <select
          aria-label={`Type of ${label}`}
          value={shape.type}
          onChange={(e) => onChange(withType(shape, e.target.value as ParamType))}
        >
          {PARAM_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <input
          className="tool-studio-grow"
          aria-label={`Description of ${label}`}
          placeholder="Description (the model reads it)"
          value={shape.description}
          onChange={(e) => onChange({ ...shape, description: e.target.value })}
        />
      </div>
      {scalarWithEnum && (
        <input
          className="tool-studio-enum"
          aria-label={`Allowed values of ${label}`}
          placeholder="Allowed values, comma-separated (optional)"
          value={shape.enumValues.join(', ')}
          onChange={(e) =>
            onChange({
              ...shape,
              enumValues: e.target.value.trim() === '' ? [] : e.target.value.split(',').map((v) => v.trim()),
            })
          }
        />
      )}
      {shape.type === 'object' && (
        <div className="tool-studio-nested">
          <ParamFieldsEditor
            fields={shape.properties}
            path={`${label}.`}
            onChange={(properties) => onChange({ ...shape, properties })}
          />
        </div>
      )}
      {shape.type === 'array' && shape.items && (
        <div className="tool-studio-nested">
          <span className="muted small">Items of {label}</span>
          <ShapeEditor shape={shape.items} label={`${label}[]`} onChange={(items) => onChange({ ...shape, items })} />
        </div>
      )}
    </div>
  );
}
