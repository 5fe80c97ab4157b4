import { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS, type SettlementType } from '../forms/create-city.ts';

interface TypeSelectProps {
  value: SettlementType;
  onChange: (type: SettlementType) => void;
}

const isSettlementType = (value: string): value is SettlementType => (SETTLEMENT_TYPES as readonly string[]).includes(value);

// The browser's own select: radix's Select locks the page's scroll with an injected <style>, which
// the Content-Security-Policy refuses (and logs) every time it opens.
export function TypeSelect({ value, onChange }: TypeSelectProps) {
  return (
    <select
      aria-label="Territory type"
      data-testid="type-select"
      value={value}
      onChange={(event) => isSettlementType(event.target.value) && onChange(event.target.value)}
    >
      {SETTLEMENT_TYPES.map((type) => (
        <option key={type} value={type}>
          {SETTLEMENT_TYPE_LABELS[type]}
        </option>
      ))}
    </select>
  );
}
