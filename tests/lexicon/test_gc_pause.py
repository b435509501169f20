import gc

from lexicon.gc_pause import gc_paused


def test_the_collector_waits_until_the_last_batch_ends():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()          # the outer batch is still running
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_host_stays_off():
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_error_inside_a_batch_switches_it_back_on():
    try:
        with gc_paused():
            raise ValueError
    except ValueError:
        pass
    assert gc.isenabled()


def test_a_request_thread_leaves_the_collector_alone():
    """In a server's thread pool lints overlap other requests: pausing there would never end."""
    import threading

    seen = []

    def request():
        with gc_paused():
            seen.append(gc.isenabled())

    worker = threading.Thread(target=request)
    worker.start()
    worker.join()
    assert seen == [True] and gc.isenabled()
