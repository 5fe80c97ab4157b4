import { Select } from 'radix-ui';
import { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS, type SettlementType } from '../forms/create-city.ts';

interface TypeSelectProps {
  value: SettlementType;
  onChange: (type: SettlementType) => void;
}

const isSettlementType = (value: string): value is SettlementType => (SETTLEMENT_TYPES as readonly string[]).includes(value);

export function TypeSelect({ value, onChange }: TypeSelectProps) {
  return (
    <Select.Root value={value} onValueChange={(next) => isSettlementType(next) && onChange(next)}>
      <Select.Trigger className="select-trigger" aria-label="Territory type" data-testid="type-select">
        <Select.Value />
        <Select.Icon aria-hidden>▾</Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className="select-content" position="popper" sideOffset={4}>
          <Select.Viewport className="select-viewport">
            {SETTLEMENT_TYPES.map((type) => (
              <Select.Item className="select-item" key={type} value={type}>
                <Select.ItemText>{SETTLEMENT_TYPE_LABELS[type]}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
