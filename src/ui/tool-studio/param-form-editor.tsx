/**
 * The parameter form: one row per property with visible labels (name, type, required, description, allowed
 * values), nested editors for object properties and array items. Edits produce a new form model; the studio
 * derives zod and JSON Schema from it live.
 */
import type { ReactNode } from 'react';
import type { ParamField, ParamShape, ParamType } from '../../engine';
import { newField, PARAM_TYPES, withType } from '../../engine';
import { useT } from '../../i18n';

interface FieldsProps {
  readonly fields: readonly ParamField[];
  readonly onChange: (fields: ParamField[]) => void;
  /** Where these fields sit, for accessible names: '' for top-level parameters, 'options.' for nested ones. */
  readonly path: string;
}

export function ParamFieldsEditor({ fields, onChange, path }: FieldsProps) {
  const { t } = useT('studio');
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
      {fields.length === 0 && <p className="muted small">{t('params.none')}</p>}
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
        {path ? t('params.addProperty', { parent: path.slice(0, -1) }) : t('params.add')}
      </button>
    </div>
  );
}

/** A control with its caption shown above it (the control keeps its fuller accessible name). */
function Captioned({ caption, grow, children }: { caption: string; grow?: boolean; children: ReactNode }) {
  return (
    <label className={`tool-studio-captioned${grow ? ' tool-studio-grow' : ''}`}>
      <span className="tool-studio-caption">{caption}</span>
      {children}
    </label>
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
  const { t } = useT('studio');
  const label = `${path}${field.name || t('params.unnamed')}`;
  return (
    <fieldset className="tool-studio-field">
      <legend className="visually-hidden">{t('params.legend', { label })}</legend>
      <div className="tool-studio-field-row">
        <Captioned caption={t('params.name')}>
          <input
            className="tool-studio-field-name"
            aria-label={t('params.nameOf', { label })}
            value={field.name}
            onChange={(e) => onChange({ ...field, name: e.target.value })}
          />
        </Captioned>
        <Captioned caption={t('params.type')}>
          <select
            aria-label={t('params.typeOf', { label })}
            value={field.type}
            onChange={(e) => onChange(withType(field, e.target.value as ParamType))}
          >
            {PARAM_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Captioned>
        <label className="tool-studio-inline tool-studio-required">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(e) => onChange({ ...field, required: e.target.checked })}
          />
          {t('params.required')}
        </label>
        <button
          type="button"
          className="tool-studio-small-button"
          aria-label={t('params.remove', { label })}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
      <ShapeEditor
        shape={field}
        label={label}
        withType={false}
        onChange={(shape) => onChange({ ...field, ...shape })}
      />
    </fieldset>
  );
}

function ShapeEditor({
  shape,
  label,
  withType: showType,
  onChange,
}: {
  shape: ParamShape;
  label: string;
  /** A parameter row shows its type beside its name; array items show it here. */
  withType: boolean;
  onChange: (shape: ParamShape) => void;
}) {
  const { t } = useT('studio');
  const scalarWithEnum = shape.type === 'string' || shape.type === 'number' || shape.type === 'integer';
  return (
    <div className="tool-studio-shape">
      <div className="tool-studio-field-row">
        {showType && (
          <Captioned caption={t('params.type')}>
            <select
              aria-label={t('params.typeOf', { label })}
              value={shape.type}
              onChange={(e) => onChange(withType(shape, e.target.value as ParamType))}
            >
              {PARAM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Captioned>
        )}
        <Captioned caption={t('params.description')} grow>
          <input
            aria-label={t('params.descriptionOf', { label })}
            placeholder={t('params.descriptionPlaceholder')}
            value={shape.description}
            onChange={(e) => onChange({ ...shape, description: e.target.value })}
          />
        </Captioned>
      </div>
      {scalarWithEnum && (
        <Captioned caption={t('params.allowed')}>
          <input
            className="tool-studio-enum"
            aria-label={t('params.allowedOf', { label })}
            placeholder={t('params.allowedPlaceholder')}
            value={shape.enumValues.join(', ')}
            onChange={(e) =>
              onChange({
                ...shape,
                enumValues: e.target.value.trim() === '' ? [] : e.target.value.split(',').map((v) => v.trim()),
              })
            }
          />
        </Captioned>
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
          <span className="muted small">{t('params.items', { label })}</span>
          <ShapeEditor
            shape={shape.items}
            label={`${label}[]`}
            withType
            onChange={(items) => onChange({ ...shape, items })}
          />
        </div>
      )}
    </div>
  );
}
