// Polls /actuator/idgen every second and renders one row per sequence: backend, how full
// the current segment still is, IDs issued and the issue rate between two polls. The first
// form draws IDs from /ids/{sequence} so that the numbers move; the second places orders
// (POST /orders) and lists the last ten (GET /orders), their IDs kept as the strings the
// server sends, with their obfuscated order numbers and the counters behind them. It also
// draws one ID above 2^53 and shows it as sent and as a JavaScript number would hold it.
(function () {
    'use strict';

    const POLL_MILLIS = 1000;
    const previous = new Map();

    function number(value) {
        return (typeof value === 'number' && Number.isFinite(value)) ? value : null;
    }

    function fill(sequence) {
        const start = number(sequence.segmentStart);
        const end = number(sequence.segmentEnd);
        const remaining = number(sequence.remaining);
        if (start === null || end === null || remaining === null || end <= start) {
            return null;
        }
        return Math.min(1, Math.max(0, remaining / (end - start)));
    }

    function rate(name, issued, now) {
        const last = previous.get(name);
        previous.set(name, { issued: issued, at: now });
        if (issued === null || !last || last.issued === null || now <= last.at) {
            return null;
        }
        return Math.max(0, (issued - last.issued) * 1000 / (now - last.at));
    }

    function cell(row, text, className) {
        const td = document.createElement('td');
        td.textContent = text;
        if (className) {
            td.className = className;
        }
        row.appendChild(td);
        return td;
    }

    function fillCell(row, fraction, started) {
        const td = cell(row, '', 'fill');
        if (fraction === null) {
            td.textContent = started ? '—' : 'not started';
            td.classList.add('muted');
            return;
        }
        const bar = document.createElement('div');
        bar.className = 'bar';
        bar.title = Math.round(fraction * 100) + '% of the segment left';
        const inner = document.createElement('div');
        inner.style.width = (fraction * 100).toFixed(1) + '%';
        bar.appendChild(inner);
        td.appendChild(bar);
    }

    function render(sequences, now) {
        const body = document.getElementById('sequences');
        body.replaceChildren();
        Object.keys(sequences).sort().forEach(function (name) {
            const sequence = sequences[name] || {};
            const issued = number(sequence.issued);
            const perSecond = rate(name, issued, now);
            const started = sequence.started !== false;
            const row = document.createElement('tr');
            row.dataset.sequence = name;
            cell(row, name, 'name');
            cell(row, sequence.backend || '—', 'backend');
            fillCell(row, fill(sequence), started);
            const remaining = number(sequence.remaining);
            cell(row, remaining === null ? '—' : remaining.toLocaleString('en'), 'number remaining');
            cell(row, issued === null ? '—' : issued.toLocaleString('en'), 'number issued');
            cell(row, perSecond === null ? '—' : perSecond.toFixed(1), 'number rate');
            body.appendChild(row);
        });
    }

    function status(text, error) {
        const element = document.getElementById('status');
        element.textContent = text;
        element.className = error ? 'error' : 'muted';
    }

    async function poll() {
        try {
            const response = await fetch('actuator/idgen', { headers: { Accept: 'application/json' } });
            if (!response.ok) {
                throw new Error('HTTP ' + response.status);
            }
            const body = await response.json();
            const sequences = (body && body.sequences) || {};
            render(sequences, Date.now());
            const count = Object.keys(sequences).length;
            status(count === 0 ? 'No sequences yet: draw some IDs.' : 'Updated ' + new Date().toLocaleTimeString('en'),
                false);
        }
        catch (ex) {
            status('Cannot read /actuator/idgen (' + ex.message + '). Is the idgen endpoint exposed?', true);
        }
        finally {
            setTimeout(poll, POLL_MILLIS);
        }
    }

    async function draw(event) {
        event.preventDefault();
        const name = document.getElementById('draw-sequence').value.trim();
        const count = document.getElementById('draw-count').value || '1';
        const drawn = document.getElementById('drawn');
        try {
            const response = await fetch('ids/' + encodeURIComponent(name) + '?count=' + encodeURIComponent(count));
            const body = await response.json();
            if (!response.ok) {
                throw new Error(body.detail || ('HTTP ' + response.status));
            }
            const ids = body.ids || [];
            drawn.textContent = ids.length === 0 ? '' : ids[0] + (ids.length > 1 ? ' … ' + ids[ids.length - 1] : '');
        }
        catch (ex) {
            drawn.textContent = 'Failed: ' + ex.message;
        }
    }

    function renderOrders(orders) {
        const body = document.getElementById('orders');
        body.replaceChildren();
        orders.forEach(function (order) {
            const row = document.createElement('tr');
            row.dataset.order = order.id;
            cell(row, order.id, 'number order-id');
            cell(row, order.orderNumber || '—', 'order-number');
            cell(row, order.counter === null || order.counter === undefined ? '—' : String(order.counter),
                'number counter');
            cell(row, order.customer, 'customer');
            cell(row, new Date(order.placedAt).toLocaleString('en'), 'placed-at');
            body.appendChild(row);
        });
    }

    async function loadTicket() {
        const response = await fetch('ids/ticket', { headers: { Accept: 'application/json' } });
        if (response.ok) {
            const body = await response.json();
            document.getElementById('ticket').textContent = body.id;
            document.getElementById('ticket-number').textContent = String(Number(body.id));
        }
    }

    async function loadOrders() {
        const response = await fetch('orders', { headers: { Accept: 'application/json' } });
        if (response.ok) {
            renderOrders(await response.json());
        }
    }

    async function place(event) {
        event.preventDefault();
        const placed = document.getElementById('placed');
        try {
            const response = await fetch('orders', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
                body: JSON.stringify({ customer: document.getElementById('place-customer').value })
            });
            const body = await response.json();
            if (!response.ok) {
                throw new Error(body.detail || ('HTTP ' + response.status));
            }
            placed.textContent = 'Order ' + body.id + ', number ' + body.orderNumber;
            await loadOrders();
        }
        catch (ex) {
            placed.textContent = 'Failed: ' + ex.message;
        }
    }

    document.getElementById('draw').addEventListener('submit', draw);
    document.getElementById('place').addEventListener('submit', place);
    poll();
    loadOrders();
    loadTicket();
}());
