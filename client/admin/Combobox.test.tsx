// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './Combobox.tsx';

afterEach(cleanup);

const places: ComboboxOption[] = Array.from({ length: 220 }, (_, index) => ({
  value: String(index + 1),
  label: `Place ${index + 1}`,
  hint: index === 7 ? 'owned by sample' : 'available',
}));

function Picker({ onPick = vi.fn() }: { onPick?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Combobox
      label="Territory"
      options={places}
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick(next);
      }}
    />
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Territory' });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

describe('[lists] the searchable combobox', () => {
  it('when focused, then a listbox of the first 50 opens and says how many more there are', () => {
    render(<Picker />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getByRole('listbox').textContent).toContain('170 more: keep typing');
  });

  it('when typing, then only the options whose name or hint holds the text stay', () => {
    render(<Picker />);
    fireEvent.change(box(), { target: { value: 'place 21' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Place 21available',
      'Place 210available',
      'Place 211available',
      'Place 212available',
      'Place 213available',
      'Place 214available',
      'Place 215available',
      'Place 216available',
      'Place 217available',
      'Place 218available',
      'Place 219available',
    ]);
    fireEvent.change(box(), { target: { value: 'SAMPLE' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Place 8owned by sample']);
    fireEvent.change(box(), { target: { value: 'atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('listbox').textContent).toBe('No match');
  });

  it('when moving with the arrows and pressing Enter, then the active option is chosen, named in the box, and the list closes', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    fireEvent.change(box(), { target: { value: 'place 2' } });
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowUp');
    const active = box().getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)!.textContent).toBe('Place 20available');
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(onPick).toHaveBeenCalledWith('20');
    expect(box().value).toBe('Place 20');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('when Escape is pressed or the box is left, then the list closes and the box shows the choice again', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    fireEvent.focus(box());
    fireEvent.click(screen.getAllByRole('option')[2]);
    expect(box().value).toBe('Place 3');
    fireEvent.change(box(), { target: { value: 'plac' } });
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('Place 3');
    fireEvent.change(box(), { target: { value: 'xyz' } });
    fireEvent.blur(box());
    expect(box().value).toBe('Place 3');
    expect(onPick).toHaveBeenCalledTimes(1);
  });
});
