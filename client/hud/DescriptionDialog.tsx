import { useState } from 'react';
import { serverMessageOr, updateDescription } from '../api.ts';
import { showToast } from '../state/toasts.ts';
import { Modal } from './Modal.tsx';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, descriptionProblem } from './rules.ts';
import { useAccount, useTerritory } from './territoryHooks.ts';

interface DescriptionDialogProps {
  territoryId: number;
  onClose: () => void;
}

export function DescriptionDialog({ territoryId, onClose }: DescriptionDialogProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const [text, setText] = useState(territory?.description ?? '');
  const [saving, setSaving] = useState(false);
  if (!territory || !account) return null;

  async function save() {
    if (!account) return;
    const problem = descriptionProblem(text);
    if (problem) {
      showToast({ variant: 'destructive', ...problem });
      return;
    }
    setSaving(true);
    try {
      await updateDescription(territoryId, account.id, text.trim());
      showToast({ title: 'Description Updated', description: 'Your territory description has been updated successfully!' });
      onClose();
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessageOr(error, 'Failed to update territory description'),
      });
    } finally {
      setSaving(false);
    }
  }

  // Save follows the raw length; the trimmed length is checked on save, so padding with spaces
  // is caught by the 'Description Too Short' toast rather than passed on to the server.
  const tooShort = text.length < DESCRIPTION_MIN;
  return (
    <Modal
      title={`Edit ${territory.name}`}
      description="Tell visitors what makes your territory worth a visit."
      onClose={onClose}
      testId="description-dialog"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="field">
          Description
          <textarea
            name="description"
            rows={6}
            maxLength={DESCRIPTION_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <p className={text.length > DESCRIPTION_MAX ? 'counter over' : 'counter'} data-testid="description-counter">
          {text.length}/{DESCRIPTION_MAX}
        </p>
        <div className="modal-actions">
          <button className="button" type="button" onClick={onClose}>
            Cancel
          </button>
          <button className="button primary" type="submit" disabled={tooShort || saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
