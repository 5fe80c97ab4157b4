import { useId, useMemo, useState } from 'react';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown beside the label, and searched with it. */
  hint?: string;
}

interface ComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  /** The chosen option's value, '' for none. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid?: boolean;
}

/** Enough to pick from at a glance; typing narrows the rest. */
const MAX_SHOWN = 50;

/**
 * A text box that filters a long list as it is typed into (the WAI-ARIA combobox pattern with a
 * listbox popup): up and down move through the matches, Enter takes one, Escape closes the list.
 */
export function Combobox({ label, options, value, onChange, placeholder, invalid }: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const chosen = options.find((option) => option.value === value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = text ?? chosen?.label ?? '';
  const matches = useMemo(() => {
    const words = (text ?? '').trim().toLocaleLowerCase();
    return words === '' ? options : options.filter((option) => `${option.label} ${option.hint ?? ''}`.toLocaleLowerCase().includes(words));
  }, [options, text]);
  const shown = matches.slice(0, MAX_SHOWN);

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    close();
  };
  const move = (step: number) => {
    setOpen(true);
    setActive((index) => (open ? Math.min(shown.length - 1, Math.max(0, index + step)) : 0));
  };

  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        autoComplete="off"
        placeholder={placeholder}
        value={typed}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') move(1);
          else if (event.key === 'ArrowUp') move(-1);
          else if (event.key === 'Enter' && open && shown[active]) choose(shown[active]);
          else if (event.key === 'Escape' && open) close();
          else return;
          event.preventDefault();
        }}
      />
      {open && (
        <ul className="panel combobox-list" id={listId} role="listbox" aria-label={label}>
          {shown.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              data-chosen={option.value === value || undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(option)}
            >
              <span>{option.label}</span>
              {option.hint && <span className="muted small">{option.hint}</span>}
            </li>
          ))}
          {matches.length === 0 && <li className="muted small combobox-note">No match</li>}
          {matches.length > shown.length && (
            <li className="muted small combobox-note">{matches.length - shown.length} more: keep typing</li>
          )}
        </ul>
      )}
    </div>
  );
}
